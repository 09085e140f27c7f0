import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { RegionName } from '../schemas/constants.ts';
import type { CheckoutRecord } from '../schemas/checkout-record.ts';
import { provided } from './errors.ts';

/** The tenant that changes plan, or the new production tenant the completed checkout creates. */
export type CheckoutTarget = { tenantId: string } | { tenantName: string; tenantTag: 'production'; tenantRegionName: RegionName };

export type CheckoutInput = {
  skuId: string;
  target: CheckoutTarget;
  /** The console page the callback returns to when the tenant is the current one. */
  callbackPage?: string;
  isDowngrade?: boolean;
};

export type CheckoutSessionRequest = { skuId: string; target: CheckoutTarget };
/** The session the server opened, with the random state its success callback URL carries. */
export type StartedCheckoutSession = { state: string; sessionId: string; redirectUri?: string };

export type CheckoutContext = CheckoutInput & { session?: StartedCheckoutSession };
export type CheckoutOutput = { redirected: boolean };

/**
 * Starting a checkout (spec 01 §4 checkout, §7 POST checkout-session): the server opens a session for the SKU; the
 * console keeps the record the success callback needs, then leaves for the hosted checkout.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    output: {} as CheckoutOutput,
  },
  actors: {
    createCheckoutSession: fromPromise<StartedCheckoutSession, CheckoutSessionRequest>(provided('createCheckoutSession')),
  },
  actions: {
    /** Writes the checkout session record to session storage. */
    saveCheckoutRecord: (_args, _record: CheckoutRecord) => {},
    /** Leaves the console for the hosted checkout (or, when nothing is to pay, straight for the success callback). */
    goToCheckout: (_args, _redirectUri: string) => {},
    /** The 'unknown error' toast. */
    notifyUnknownError: () => {},
    assignSession: assign((_, session: StartedCheckoutSession) => ({ session })),
  },
  guards: {
    hasRedirectUri: (_, session: StartedCheckoutSession) => Boolean(session.redirectUri),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => input,
  initial: 'creatingSession',
  states: {
    creatingSession: {
      invoke: {
        id: 'createCheckoutSession',
        src: 'createCheckoutSession',
        input: ({ context }) => ({ skuId: context.skuId, target: context.target }),
        onDone: [
          {
            guard: { type: 'hasRedirectUri', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: [
              { type: 'assignSession', params: ({ event }) => event.output },
              {
                type: 'saveCheckoutRecord',
                params: ({ context, event }) => ({
                  state: event.output.state,
                  sessionId: event.output.sessionId,
                  ...(context.callbackPage === undefined ? {} : { callbackPage: context.callbackPage }),
                  ...(context.isDowngrade === undefined ? {} : { isDowngrade: context.isDowngrade }),
                }),
              },
              { type: 'goToCheckout', params: ({ event }) => event.output.redirectUri ?? '' },
            ],
          },
          { target: 'failed', actions: 'notifyUnknownError' },
        ],
        // The request client has shown the error.
        onError: 'failed',
      },
    },
    /** The browser leaves the console. */
    redirecting: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => ({ redirected: Boolean(context.session?.redirectUri) }),
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
export type CheckoutEvent = EventFromLogic<typeof checkoutMachine>;
export type CheckoutState = CheckoutSnapshot['value'];
