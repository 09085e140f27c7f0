import type { FullQuota } from '#schemas/billing.ts';
import { isBilledPerUnit, quotaKeys, ticketSupportResponseTimes, type QuotaKey, type QuotaValue } from '#schemas/quota.ts';
import { planTagOf } from './plan-tag.ts';

export type UsageCardKey = QuotaKey | 'ticketSupportResponseTime';

/**
 * One card of the subscription tab: what the plan includes, how much of it the tenant uses where that is counted, and
 * whether usage beyond it is billed per unit (a paid add-on) rather than capped.
 */
export type UsageCard = { key: UsageCardKey; limit: QuotaValue; usage?: number | boolean; billedPerUnit: boolean };

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
      return hours === undefined ? [] : [{ key, limit: hours, billedPerUnit: false }];
    }
    const used = usage[key];
    return [{ key, limit: basicQuota[key], billedPerUnit: isBilledPerUnit(planId, key), ...(used === undefined ? {} : { usage: used }) }];
  });
}
