import { allScope, cloudScopes, resourceIndicators, tenantScopes, userScopes, defaultTenantId } from '#schemas/constants.ts';
import type { Edition } from '#schemas/config.ts';
import { hasFeature } from '../edition.ts';

/** Scopes the console asks for at sign-in (spec 01 §2); the SDK adds openid, offline_access and profile. */
export function signInScopes(edition: Edition): string[] {
  const base = [userScopes.email, userScopes.identities, userScopes.customData, userScopes.organizations, userScopes.organizationRoles, allScope];
  const create: string[] = cloudScopes.filter((scope) => scope === 'create:tenant' || scope === 'manage:tenant:self');
  return hasFeature(edition, 'organizationTokens') ? [...base, ...tenantScopes, ...create] : base;
}

/** API resources the console gets access tokens for. */
export function signInResources(edition: Edition): string[] {
  const common = [resourceIndicators.cloud, resourceIndicators.me];
  return hasFeature(edition, 'organizationTokens') ? common : [...common, resourceIndicators.management(defaultTenantId)];
}
