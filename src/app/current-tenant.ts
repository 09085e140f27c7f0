import { useParams } from '@tanstack/react-router';
import type { Tenant } from '#schemas/tenant.ts';
import { useTenants } from '../data/tenants.ts';

/** The tenant of the current tenant page, from the session's list (the tenant route lets only listed tenants in). */
export function useCurrentTenant(): Tenant {
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const tenants = useTenants();
  const tenant = tenants.find(({ id }) => id === tenantId);
  if (!tenant) throw new Error(`Tenant ${tenantId} is not among the user's tenants`);
  return tenant;
}
