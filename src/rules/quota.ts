import type { Edition } from '#schemas/config.ts';
import { isQuotaSatisfied, type QuotaValue } from '#schemas/quota.ts';
import { hasFeature } from '../edition.ts';

/**
 * Whether a tenant may have `usage` of a quota (spec 01 §5): no limit, a limit of true, or usage at or below the limit
 * (strictly below in strict mode, for "may one more be created"). Always satisfied in the self-hosted edition.
 */
export const quotaSatisfied = (edition: Edition, limit: QuotaValue, usage: number, { strict = false } = {}) =>
  !hasFeature(edition, 'quotas') || isQuotaSatisfied(limit, usage, { strict });

/**
 * The usage of a numeric quota in whole percent, for display (spec 01 §5): undefined when the quota is not a positive
 * number, or when the rounded percentage is not positive.
 */
export function usagePercent(usage: number, limit: QuotaValue): number | undefined {
  if (typeof limit !== 'number' || limit <= 0) return undefined;
  const percent = Math.round((usage / limit) * 100);
  return percent > 0 ? percent : undefined;
}

/**
 * At least 100 % of a numeric quota on a plan that is not enterprise is shown as exceeded (spec 01 §5); 0 allows none.
 * A key billed per unit beyond its quota is never exceeded: the usage beyond is billed.
 */
export function isUsageExceeded(
  usage: number,
  limit: QuotaValue,
  { isEnterprisePlan, billedPerUnit = false }: { isEnterprisePlan: boolean; billedPerUnit?: boolean },
) {
  if (isEnterprisePlan || billedPerUnit || typeof limit !== 'number') return false;
  return limit === 0 ? usage > 0 : usage >= limit;
}
