import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { CheckoutSession, SubscriptionResponse } from '../schemas/billing.ts';
import { checkoutRecordGuard, type CheckoutRecord } from '../schemas/checkout-record.ts';
import { checkoutPollInterval, checkoutTimeout } from '../schemas/constants.ts';
import type { Tenant } from '../schemas/tenant.ts';
import { provided } from './errors.ts';

export type CheckoutSuccessInput = {
  /** The `state` query parameter of the callback URL. */
  queryState: string | null;
  /** The stored checkout session record, as stored (JSON). */
  storedRecord: string | null;
  /** The session's tenants before the purchase: a tenant among them is the one whose page started the checkout. */
  tenantIds: string[];
};

export type CheckoutSuccessContext = CheckoutSuccessInput & {
  record?: CheckoutRecord;
  session?: CheckoutSession;
};

/** The stored record: absent, not valid ('invalid json format', ignored), or the record. */
export function parseCheckoutRecord(stored: string | null): CheckoutRecord | 'invalid' | undefined {
  if (stored === null) return undefined;
  try {
    const parsed = checkoutRecordGuard.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : 'invalid';
  } catch {
    return 'invalid';
  }
}

const recordOf = (stored: string | null) => {
  const record = parseCheckoutRecord(stored);
  return record === 'invalid' ? undefined : record;
};

export type PurchaseNotice = { planId: string; isDowngrade: boolean };

/**
 * The checkout-success callback (spec 01 §2, §4 checkout, §5 checkout validation): the state of the URL must match the
 * stored record; then the session and the tenant's subscription are polled every second until the session is complete
 * and the subscription is on the purchased plan, for at most 10 seconds.
 */
export const checkoutSuccessMachine = setup({
  types: {
    input: {} as CheckoutSuccessInput,
    context: {} as CheckoutSuccessContext,
  },
  actors: {
    getCheckoutSession: fromPromise<CheckoutSession, { sessionId: string }>(provided('getCheckoutSession')),
    getSubscription: fromPromise<SubscriptionResponse, { tenantId: string }>(provided('getSubscription')),
    /** Reloads the session's tenant list, so the tenant shows its new plan, quota, or is there at all. */
    refreshTenants: fromPromise<Tenant[]>(provided('refreshTenants')),
  },
  actions: {
    /** The 'invalid json format' error toast. */
    notifyInvalidRecord: () => {},
    /** The 'subscription check timeout' error toast. */
    notifyTimeout: () => {},
    clearCheckoutRecord: () => {},
    goHome: () => {},
    /** The upgrade or downgrade success toast with the plan's name. */
    notifyPurchased: (_args, _notice: PurchaseNotice) => {},
    /** The conversion report hook; it does nothing outside the product's own production host. */
    reportPurchaseConversion: (_args, _skuId: string) => {},
    reportProductionTenantConversion: (_args, _tenantId: string) => {},
    /** Back to the page that started the checkout, else `/`. */
    goToCallbackPage: (_args, _callbackPage: string | undefined) => {},
    /** Makes the new tenant the current one and opens it. */
    switchTenant: (_args, _tenantId: string) => {},
    assignSession: assign((_, session: CheckoutSession) => ({ session })),
  },
  guards: {
    isRecordInvalid: ({ context }) => parseCheckoutRecord(context.storedRecord) === 'invalid',
    isStateMatching: ({ context }) => context.queryState !== null && context.record?.state === context.queryState,
    isSessionComplete: (_, session: CheckoutSession) => session.status === 'complete' && session.tenantId !== null,
    isOnPurchasedPlan: ({ context }, subscription: SubscriptionResponse) => subscription.planId === context.session?.skuId,
    isExistingTenant: ({ context }) => context.tenantIds.includes(context.session?.tenantId ?? ''),
  },
  delays: {
    pollInterval: checkoutPollInterval,
    checkoutTimeout,
  },
}).createMachine({
  id: 'checkoutSuccess',
  context: ({ input }) => ({ ...input, record: recordOf(input.storedRecord) }),
  initial: 'checkingRecord',
  states: {
    checkingRecord: {
      always: [
        { guard: 'isRecordInvalid', target: 'invalidRecord' },
        { guard: 'isStateMatching', target: 'polling' },
        { target: 'mismatch' },
      ],
    },
    /** Not valid JSON of a record: it is ignored (and cleared), so the state cannot match. */
    invalidRecord: {
      type: 'final',
      entry: ['notifyInvalidRecord', 'clearCheckoutRecord', 'goHome'],
    },
    mismatch: {
      type: 'final',
      entry: 'goHome',
    },
    polling: {
      initial: 'fetchingSession',
      after: { checkoutTimeout: 'timedOut' },
      states: {
        fetchingSession: {
          invoke: {
            id: 'getCheckoutSession',
            src: 'getCheckoutSession',
            input: ({ context }) => ({ sessionId: context.record?.sessionId ?? '' }),
            onDone: [
              {
                guard: { type: 'isSessionComplete', params: ({ event }) => event.output },
                target: 'fetchingSubscription',
                actions: { type: 'assignSession', params: ({ event }) => event.output },
              },
              { target: 'waiting' },
            ],
            // The next poll tries again; the timeout ends it.
            onError: 'waiting',
          },
        },
        fetchingSubscription: {
          invoke: {
            id: 'getSubscription',
            src: 'getSubscription',
            input: ({ context }) => ({ tenantId: context.session?.tenantId ?? '' }),
            onDone: [{ guard: { type: 'isOnPurchasedPlan', params: ({ event }) => event.output }, target: '#checkoutSuccess.completing' }, { target: 'waiting' }],
            onError: 'waiting',
          },
        },
        waiting: {
          after: { pollInterval: 'fetchingSession' },
        },
      },
    },
    timedOut: {
      type: 'final',
      entry: ['notifyTimeout', 'clearCheckoutRecord', 'goHome'],
    },
    completing: {
      entry: [
        'clearCheckoutRecord',
        {
          type: 'notifyPurchased',
          params: ({ context }) => ({ planId: context.session?.skuId ?? '', isDowngrade: context.record?.isDowngrade ?? false }),
        },
        { type: 'reportPurchaseConversion', params: ({ context }) => context.session?.skuId ?? '' },
      ],
      invoke: {
        id: 'refreshTenants',
        src: 'refreshTenants',
        onDone: [
          {
            guard: 'isExistingTenant',
            target: 'completed',
            actions: { type: 'goToCallbackPage', params: ({ context }) => context.record?.callbackPage },
          },
          {
            target: 'completed',
            actions: [
              { type: 'reportProductionTenantConversion', params: ({ context }) => context.session?.tenantId ?? '' },
              { type: 'switchTenant', params: ({ context }) => context.session?.tenantId ?? '' },
            ],
          },
        ],
        // The purchase is done; the request client showed why the list did not load.
        onError: { target: 'completed', actions: 'goHome' },
      },
    },
    completed: { type: 'final' },
  },
});

export type CheckoutSuccessSnapshot = SnapshotFrom<typeof checkoutSuccessMachine>;
export type CheckoutSuccessEvent = EventFromLogic<typeof checkoutSuccessMachine>;
export type CheckoutSuccessState = CheckoutSuccessSnapshot['value'];
