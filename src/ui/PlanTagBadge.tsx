import { Badge, type BadgeProps } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { planTagOf, type PlanTag } from '../rules/plan-tag.ts';

/** The name of each plan tag, also the plan's name in the upgrade and downgrade toasts. */
export const planTagNames = {
  free: msg`Free`,
  pro: msg`Pro`,
  dev: msg`Development`,
  admin: msg`Admin`,
  enterprise: msg`Enterprise`,
} as const satisfies Record<PlanTag, unknown>;

/** The plan's name, by its tag: 'Pro' for both pro plans, 'Enterprise' for any plan that is not reserved. */
export function usePlanName() {
  const { i18n } = useLingui();
  return (planId: string) => i18n._(planTagNames[planTagOf(planId)]);
}

/** The plan tag of a plan id (spec 01 §6): free, pro, dev, admin or enterprise. */
export function PlanTagBadge({ planId, ...props }: { planId: string } & BadgeProps) {
  const planName = usePlanName();
  const tag = planTagOf(planId);
  return (
    <Badge variant="light" size="sm" tt="none" color={tag === 'free' || tag === 'dev' ? 'gray' : 'violet'} c="bright" {...props}>
      {planName(planId)}
    </Badge>
  );
}
