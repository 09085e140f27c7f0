import { defaultTenantId } from '../../schemas/constants.ts';
import type { Edition } from '../../schemas/config.ts';
import type { AdminPreferences } from '../../schemas/preferences.ts';
import type { Tenant } from '../../schemas/tenant.ts';
import { hasFeature } from '../edition.ts';

export type IndexTarget = { kind: 'tenant'; tenantId: string } | { kind: 'onboarding' } | { kind: 'landing' };

/**
 * Where '/' leads (spec 01 §2, index route): the default tenant in self-hosted (for its members); in cloud onboarding when it is
 * pending, else the stored default tenant if the user is among its members, else the first tenant, else the landing.
 */
export function indexTarget(edition: Edition, tenants: readonly Pick<Tenant, 'id'>[], preferences: AdminPreferences): IndexTarget {
  if (!hasFeature(edition, 'multipleTenants')) {
    // Self-hosted accepts only the default tenant; an account that is not its member has nothing to open.
    return tenants.some(({ id }) => id === defaultTenantId) ? { kind: 'tenant', tenantId: defaultTenantId } : { kind: 'landing' };
  }
  if (hasFeature(edition, 'onboarding') && preferences.isOnboardingDone === false) return { kind: 'onboarding' };
  const stored = tenants.find(({ id }) => id === preferences.defaultTenantId);
  const tenant = stored ?? tenants[0];
  return tenant ? { kind: 'tenant', tenantId: tenant.id } : { kind: 'landing' };
}
