import { Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import { usePlanName } from '#src/ui/PlanTagBadge.tsx';
import { isTabVisible } from '../tenant-settings/tabs.ts';
import type { LogRetention } from './retention.ts';

/** audit-logs.md §6: how long the plan keeps logs, one line above the table; nothing when it keeps them without limit. */
export function RetentionNotice({ retention }: { retention: LogRetention }) {
  const { days, planId } = retention;
  if (days === null) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconInfoCircle size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text fz="sm" c="dimmed">
        {planId ? <PlanRetention days={days} planId={planId} /> : plural(days, { one: 'Logs are kept for # day.', other: 'Logs are kept for # days.' })}
      </Text>
    </Group>
  );
}

/** Cloud: the plan's retention, and the way to a longer one for those who manage the tenant's subscription. */
function PlanRetention({ days, planId }: { days: number; planId: string }) {
  const tenant = useCurrentTenant();
  const access = useTenantAccess();
  const planName = usePlanName()(planId);
  return (
    <>
      {plural(days, { one: `Logs are kept for # day on the ${planName} plan.`, other: `Logs are kept for # days on the ${planName} plan.` })}{' '}
      {isTabVisible('subscription', access, tenant) && (
        <LinkAnchor to="/$tenantId/tenant-settings/subscription" params={{ tenantId: tenant.id }} fz="sm" underline="always">
          <Trans>Upgrade plan</Trans>
        </LinkAnchor>
      )}
    </>
  );
}
