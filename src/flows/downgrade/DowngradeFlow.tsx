import { useRouteContext } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useMachine } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { Tenant } from '../../../schemas/tenant.ts';
import { usePlanName } from '../../ui/PlanTagBadge.tsx';
import { DowngradeView } from './DowngradeView.tsx';
import { provideDowngradeMachine } from './provide.ts';

/** Codes the flow shows itself: the quotas the free plan would exceed. */
const quiet = { suppressErrorCodes: ['subscription.quota_exceeded'] };

export type DowngradeFlowProps = {
  tenant: Pick<Tenant, 'id' | 'name'>;
  /** Fetches the subscription and usage again and updates the session's tenant. */
  refetch: () => Promise<void>;
};

/** Downgrading the tenant to the free plan (DELETE subscription), then refetching. */
export function DowngradeFlow({ tenant, refetch }: DowngradeFlowProps) {
  const { api } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const planName = usePlanName();
  const [state, send] = useMachine(
    provideDowngradeMachine({
      deleteSubscription: (tenantId) => api.billing.downgradeToFree(tenantId, quiet),
      refetchSubscription: refetch,
      notifyDowngraded: (planId) => {
        const name = planName(planId);
        notifications.show({ color: 'green', message: t`Downgraded to the ${name} plan` });
      },
    }),
    { input: { tenantId: tenant.id } },
  );
  return <DowngradeView state={state} send={send} tenantName={tenant.name} />;
}
