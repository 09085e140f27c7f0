import type { Edition } from '../schemas/config.ts';
import { useConfig } from './config.ts';

/**
 * Everything that differs between the editions, in one place. Routes, sidebar items and top-bar parts ask
 * for a feature by name; nothing else looks at the edition.
 */
const editionFeatures = {
  cloud: {
    getStarted: true,
    dashboard: true,
    tenantSettings: true,
    onboarding: true,
    invitations: true,
    checkout: true,
    tenantSelector: true,
    consoleTitle: false,
    versionBadge: false,
    multipleTenants: true,
    /** Tenant APIs use organization tokens and the /m/{tenantId} prefix; sign-in asks for the tenant scopes. */
    organizationTokens: true,
    /** The tenant's token scopes are checked against the member's scopes, which give the access flags (spec 01 §4, §6). */
    tenantScopeChecks: true,
    /**
     * Plans limit what a tenant may create, and usage and quota are refetched after every successful POST, PUT or
     * DELETE (spec 01 §5, §7); without it every quota is satisfied.
     */
    quotas: true,
    /** Upsell and payment-overdue modals, the production-tenant banner, the migration notice, the suspended page (spec 01 §4). */
    tenantNotices: true,
    /** Profile page: username edit (self-hosted) or the linked accounts, password and delete-account sections (spec 01 §2). */
    profileUsername: false,
    profileAccountSections: true,
  },
  'self-hosted': {
    getStarted: false,
    dashboard: false,
    tenantSettings: false,
    onboarding: false,
    invitations: false,
    checkout: false,
    tenantSelector: false,
    consoleTitle: true,
    versionBadge: true,
    multipleTenants: false,
    organizationTokens: false,
    tenantScopeChecks: false,
    quotas: false,
    tenantNotices: false,
    profileUsername: true,
    profileAccountSections: false,
  },
} as const satisfies Record<Edition, Record<string, boolean>>;

export type Feature = keyof (typeof editionFeatures)['cloud'];

export const hasFeature = (edition: Edition, feature: Feature): boolean => editionFeatures[edition][feature];

export function useFeature(feature: Feature): boolean {
  return hasFeature(useConfig().edition, feature);
}
