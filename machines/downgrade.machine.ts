import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { SubscriptionResponse } from '../schemas/billing.ts';
import { exceededQuotaKeysOf, type QuotaKey } from '../schemas/quota.ts';
import { errorOf, provided } from './errors.ts';

export type DowngradeInput = { tenantId: string };

export type DowngradeContext = {
  tenantId: string;
  /** The quotas the tenant's resources exceed on the free plan, when the server refused the downgrade for them. */
  exceededKeys: QuotaKey[];
};

export type TenantRequest = { tenantId: string };

const isQuotaError = (error: unknown) => exceededQuotaKeysOf(error) !== undefined;

/**
 * Downgrading a paid tenant to the free plan from the subscription tab (spec 01 §4 checkout, §7 DELETE subscription):
 * the user confirms, the subscription is deleted, the downgrade toast names the new plan, then the subscription and
 * usage are fetched again. A refusal for exceeded quotas names them; other failures were shown by the request client.
 */
export const downgradeMachine = setup({
  types: {
    input: {} as DowngradeInput,
    context: {} as DowngradeContext,
    events: {} as { type: 'DOWNGRADE' } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'DISMISS' },
  },
  actors: {
    deleteSubscription: fromPromise<SubscriptionResponse, TenantRequest>(provided('deleteSubscription')),
    /** Fetches the subscription and usage again (the session's tenants are refetched after every write anyway). */
    refetchSubscription: fromPromise<void, TenantRequest>(provided('refetchSubscription')),
  },
  actions: {
    /** The downgrade success toast, with the name of the plan the tenant is now on. */
    notifyDowngraded: (_args, _planId: string) => {},
    assignExceededKeys: assign((_, error: unknown) => ({ exceededKeys: exceededQuotaKeysOf(error) ?? [] })),
    clearExceededKeys: assign({ exceededKeys: [] }),
  },
  guards: {
    isQuotaError: (_, error: unknown) => isQuotaError(error),
  },
}).createMachine({
  id: 'downgrade',
  context: ({ input }) => ({ tenantId: input.tenantId, exceededKeys: [] }),
  initial: 'idle',
  states: {
    idle: {
      on: { DOWNGRADE: 'confirming' },
    },
    confirming: {
      on: {
        CONFIRM: 'downgrading',
        CANCEL: 'idle',
      },
    },
    downgrading: {
      invoke: {
        id: 'deleteSubscription',
        src: 'deleteSubscription',
        input: ({ context }) => ({ tenantId: context.tenantId }),
        onDone: {
          target: 'refetching',
          actions: { type: 'notifyDowngraded', params: ({ event }) => event.output.planId },
        },
        onError: [
          {
            guard: { type: 'isQuotaError', params: errorOf },
            target: 'quotaExceeded',
            actions: { type: 'assignExceededKeys', params: errorOf },
          },
          // The request client has shown the server's message.
          { target: 'idle' },
        ],
      },
    },
    refetching: {
      invoke: {
        id: 'refetchSubscription',
        src: 'refetchSubscription',
        input: ({ context }) => ({ tenantId: context.tenantId }),
        // A failed refetch leaves the figures shown until the next one; the downgrade itself is done.
        onDone: 'idle',
        onError: 'idle',
      },
    },
    /** The inline quota-exceeded notification: what to remove before the free plan fits. */
    quotaExceeded: {
      on: {
        DISMISS: { target: 'idle', actions: 'clearExceededKeys' },
        DOWNGRADE: { target: 'confirming', actions: 'clearExceededKeys' },
      },
    },
  },
});

export type DowngradeSnapshot = SnapshotFrom<typeof downgradeMachine>;
export type DowngradeEvent = EventFromLogic<typeof downgradeMachine>;
export type DowngradeState = DowngradeSnapshot['value'];
