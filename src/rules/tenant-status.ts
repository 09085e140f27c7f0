import type { Tenant } from '#schemas/tenant.ts';

export type TenantStatusTag = 'suspended' | 'overdue' | 'mauExceeded' | 'tokenExceeded';

type TenantStatusFields = Pick<Tenant, 'isSuspended' | 'openInvoices' | 'usage' | 'quota'> & {
  subscription: Pick<Tenant['subscription'], 'isEnterprisePlan'>;
};

/** A limit is reached when it is set (null is unlimited) and the usage is at or above it. */
const reached = (usage: number, limit: number | null) => limit !== null && usage >= limit;

/** Monthly active users at or above a set MAU limit (spec 01 §4). */
export const isMauExceeded = ({ usage, quota }: Pick<Tenant, 'usage' | 'quota'>) => reached(usage.activeUsers, quota.mauLimit);

/** Tokens at or above a set token limit, on a plan that is not enterprise (spec 01 §4). */
export const isTokenExceeded = ({ usage, quota, subscription }: Pick<TenantStatusFields, 'usage' | 'quota' | 'subscription'>) =>
  !subscription.isEnterprisePlan && reached(usage.tokenUsage, quota.tokenLimit);

/**
 * The one status tag the tenant switcher shows for a tenant (spec 01 §4): suspended, then overdue (open invoices),
 * then monthly active users exceeded, then tokens exceeded; enterprise plans skip the token check.
 */
export function tenantStatusTag(tenant: TenantStatusFields): TenantStatusTag | undefined {
  if (tenant.isSuspended) return 'suspended';
  if (tenant.openInvoices.length > 0) return 'overdue';
  if (isMauExceeded(tenant)) return 'mauExceeded';
  if (isTokenExceeded(tenant)) return 'tokenExceeded';
  return undefined;
}
