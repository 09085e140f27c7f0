import { planIds } from '#schemas/quota.ts';

/** The tag a plan shows (spec 01 §3, §6): every id that is not a reserved plan is an enterprise plan. */
export const planTags = ['free', 'pro', 'dev', 'admin', 'enterprise'] as const;
export type PlanTag = (typeof planTags)[number];

const tagsByPlanId: Partial<Record<string, PlanTag>> = {
  [planIds.free]: 'free',
  [planIds.pro]: 'pro',
  [planIds.pro202411]: 'pro',
  [planIds.development]: 'dev',
  [planIds.admin]: 'admin',
};

export const planTagOf = (planId: string): PlanTag => tagsByPlanId[planId] ?? 'enterprise';
