import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useLingui } from '@lingui/react/macro';
import { downgradeMachine, type TenantRequest } from '#machines/downgrade.machine.ts';
import type { ErrorCode } from '#schemas/error-codes.ts';
import type { SubscriptionResponse } from '#schemas/billing.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { runMutation } from '#src/data/run-mutation.ts';
import { usePlanName } from '#src/ui/PlanTagBadge.tsx';
import { DowngradeView } from './DowngradeView.tsx';
import { billingApi } from '#src/api/billing.ts';

/** Codes the flow shows itself: the quotas the free plan would exceed. */
const quiet = { suppressErrorCodes: ['subscription.quota_exceeded'] satisfies ErrorCode[] };

export type DowngradeFlowProps = { tenant: Pick<Tenant, 'id' | 'name'> };

/**
 * Downgrading the tenant to the free plan (DELETE subscription). Like every write, it refetches the subscription, the
 * usage and the tenant list on screen (src/data/client.ts), so the flow's own refetch step has nothing to do.
 */
export function DowngradeFlow({ tenant }: DowngradeFlowProps) {
  const { api } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const planName = usePlanName();
  const [state, send] = useMachine(
    downgradeMachine.provide({
      actors: {
        deleteSubscription: fromPromise<SubscriptionResponse, TenantRequest>(({ input }) =>
          runMutation(queryClient, () => billingApi(api).downgradeToFree(input.tenantId, quiet), { handles: quiet.suppressErrorCodes }),
        ),
        refetchSubscription: fromPromise(async () => {}),
      },
      actions: {
        notifyDowngraded: (_, planId: string) => {
          const name = planName(planId);
          notifications.show({ color: 'green', message: t`Downgraded to the ${name} plan` });
        },
      },
    }),
    { input: { tenantId: tenant.id } },
  );
  return <DowngradeView state={state} send={send} tenantName={tenant.name} />;
}
