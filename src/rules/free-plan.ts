import { adminTenantId, freeTenantCap } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import type { Tenant } from '#schemas/tenant.ts';

/**
 * Whether the user may put one more tenant on the free plan (spec 01 §4 free-plan selection): not with `freeTenantCap`
 * or more free tenants already, unless the admin tenant is among the user's tenants (its operators are not capped).
 */
export function isFreePlanAvailable(tenants: ReadonlyArray<Pick<Tenant, 'id' | 'planId'>>) {
  if (tenants.some(({ id }) => id === adminTenantId)) return true;
  return tenants.filter(({ planId }) => planId === planIds.free).length < freeTenantCap;
}
