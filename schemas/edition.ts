import type { Edition } from './config.ts';

type ConsoleFeatures = Record<
  | 'getStarted' | 'dashboard' | 'tenantSettings' | 'onboarding' | 'invitations' | 'checkout' | 'tenantSelector' | 'consoleTitle'
  | 'versionBadge' | 'organizationTokens' | 'tenantScopeChecks' | 'tenantNotices'
  | 'profileUsername' | 'profileAccountSections',
  boolean
>;

/** What an edition offers; the server and the console ask this table instead of comparing the edition. */
export type EditionFeatures = {
  /** Users create tenants, invite members and get organization tokens for them; otherwise there is the default tenant only. */
  multipleTenants: boolean;
  /** Plans, subscriptions, invoices and the payment pages. */
  billing: boolean;
  /** A tenant's plan limits what it may create (spec 01 §9); 403 with the quota error beyond it. */
  quotas: boolean;
  /**
   * How the management API is reached: per tenant at /m/{tenantId}/api by its members with an organization token, or
   * at /api with the default tenant's management token.
   */
  management: { path: string; access: 'membership' | 'managementToken' };
  /** What the console shows: routes, sidebar items and top-bar parts ask for one by name (src/edition.ts). */
  console: ConsoleFeatures;
};

const featureTable: Record<Edition, EditionFeatures> = {
  cloud: {
    multipleTenants: true,
    billing: true,
    quotas: true,
    management: { path: '/m/:tenantId/api', access: 'membership' },
    console: {
      getStarted: true,
      dashboard: true,
      tenantSettings: true,
      onboarding: true,
      invitations: true,
      checkout: true,
      tenantSelector: true,
      consoleTitle: false,
      versionBadge: false,
      /** Tenant APIs use organization tokens and the /m/{tenantId} prefix; sign-in asks for the tenant scopes. */
      organizationTokens: true,
      /** The tenant's token scopes are checked against the member's scopes, which give the access flags (spec 01 §4, §6). */
      tenantScopeChecks: true,
      /**
       * Upsell and payment-overdue modals, the production-tenant banner, the migration notice, the suspended page (spec 01 §4);
       * the development-tenant notice on the users page (users.md §2).
       */
      tenantNotices: true,
      /** Profile page: username edit (self-hosted) or the linked accounts, password and delete-account sections (spec 01 §2). */
      profileUsername: false,
      profileAccountSections: true,
    },
  },
  'self-hosted': {
    multipleTenants: false,
    billing: false,
    quotas: false,
    management: { path: '/api', access: 'managementToken' },
    console: {
      getStarted: false,
      dashboard: false,
      tenantSettings: false,
      onboarding: false,
      invitations: false,
      checkout: false,
      tenantSelector: false,
      consoleTitle: true,
      versionBadge: true,
      organizationTokens: false,
      tenantScopeChecks: false,
      tenantNotices: false,
      profileUsername: true,
      profileAccountSections: false,
    },
  },
};

export const features = (edition: Edition): EditionFeatures => featureTable[edition];
