import { fromPromise } from 'xstate';
import { downgradeMachine, type TenantRequest } from '../../../machines/downgrade.machine.ts';
import type { SubscriptionResponse } from '../../../schemas/billing.ts';

export type DowngradeDependencies = {
  deleteSubscription: (tenantId: string) => Promise<SubscriptionResponse>;
  refetchSubscription: (tenantId: string) => Promise<void>;
  notifyDowngraded: (planId: string) => void;
};

/** The downgrade machine with its real effects: DELETE subscription, the refetch of the tab's figures, the toast. */
export function provideDowngradeMachine(deps: DowngradeDependencies) {
  return downgradeMachine.provide({
    actors: {
      deleteSubscription: fromPromise<SubscriptionResponse, TenantRequest>(({ input }) => deps.deleteSubscription(input.tenantId)),
      refetchSubscription: fromPromise<void, TenantRequest>(({ input }) => deps.refetchSubscription(input.tenantId)),
    },
    actions: {
      notifyDowngraded: (_, planId: string) => deps.notifyDowngraded(planId),
    },
  });
}
