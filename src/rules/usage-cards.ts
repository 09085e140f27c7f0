import type { FullQuota } from '../../schemas/billing.ts';
import { quotaKeys, ticketSupportResponseTimes, type QuotaKey, type QuotaValue } from '../../schemas/quota.ts';
import { planTagOf } from './plan-tag.ts';

export type UsageCardKey = QuotaKey | 'ticketSupportResponseTime';

/** One card of the subscription tab: what the plan includes, and how much of it the tenant uses where that is counted. */
export type UsageCard = { key: UsageCardKey; limit: QuotaValue; usage?: number | boolean };

/** The free plan shows only the MAU and token cards; paid and enterprise plans every key (spec 01 §9). */
export const usageCardKeys = (planId: string): readonly UsageCardKey[] =>
  planTagOf(planId) === 'free' ? ['mauLimit', 'tokenLimit'] : [...quotaKeys, 'ticketSupportResponseTime'];

/**
 * The usage cards of a tenant's plan, against the quota the plan includes (`basicQuota`); the support response time
 * is the console's own figure, shown for the plans that have one.
 */
export function usageCardsOf(
  planId: string,
  { basicQuota, usage }: { basicQuota: FullQuota; usage: Partial<Record<QuotaKey, number | boolean>> },
): UsageCard[] {
  return usageCardKeys(planId).flatMap((key): UsageCard[] => {
    if (key === 'ticketSupportResponseTime') {
      const hours = ticketSupportResponseTimes[planId];
      return hours === undefined ? [] : [{ key, limit: hours }];
    }
    const used = usage[key];
    return [{ key, limit: basicQuota[key], ...(used === undefined ? {} : { usage: used }) }];
  });
}
