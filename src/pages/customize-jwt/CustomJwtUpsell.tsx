import { Alert, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import { usePlanName } from '#src/ui/PlanTagBadge.tsx';
import { isTabVisible } from '../tenant-settings/tabs.ts';

/** Cloud, on a plan without custom JWT: what it needs, and the way to a plan with it for those who manage the subscription. */
export function CustomJwtUpsell({ planId }: { planId: string }) {
  const { t } = useLingui();
  const tenant = useCurrentTenant();
  const access = useTenantAccess();
  const planName = usePlanName()(planId);
  return (
    <Alert variant="light" color="violet" icon={<IconSparkles size={18} aria-hidden="true" />} title={t`Custom JWT is a paid feature`}>
      <Text fz="sm">
        <Trans>The {planName} plan does not include custom JWT claims. Upgrade the plan to add your own claims to access tokens.</Trans>{' '}
        {isTabVisible('subscription', access, tenant) && (
          <LinkAnchor to="/$tenantId/tenant-settings/subscription" params={{ tenantId: tenant.id }} fz="sm" inherit c="inherit" fw={600} underline="always">
            <Trans>Upgrade plan</Trans>
          </LinkAnchor>
        )}
      </Text>
    </Alert>
  );
}
