import type { Tenant } from '../../schemas/tenant.ts';

export type TenantStatusTag = 'suspended' | 'overdue' | 'mauExceeded' | 'tokenExceeded';

type TenantStatusFields = Pick<Tenant, 'isSuspended' | 'openInvoices' | 'usage' | 'quota'> & {
  subscription: Pick<Tenant['subscription'], 'isEnterprisePlan'>;
};

/** A limit is reached when it is set (null is unlimited) and the usage is at or above it. */
const reached = (usage: number, limit: number | null) => limit !== null && usage >= limit;

/**
 * The one status tag the tenant switcher shows for a tenant (spec 01 §4): suspended, then overdue (open invoices),
 * then monthly active users exceeded, then tokens exceeded; enterprise plans skip the token check.
 */
export function tenantStatusTag({ isSuspended, openInvoices, usage, quota, subscription }: TenantStatusFields): TenantStatusTag | undefined {
  if (isSuspended) return 'suspended';
  if (openInvoices.length > 0) return 'overdue';
  if (reached(usage.activeUsers, quota.mauLimit)) return 'mauExceeded';
  if (!subscription.isEnterprisePlan && reached(usage.tokenUsage, quota.tokenLimit)) return 'tokenExceeded';
  return undefined;
}
