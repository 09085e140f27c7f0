import { fromPromise } from 'xstate';
import { checkoutMachine, type CheckoutSessionRequest, type StartedCheckoutSession } from '#machines/checkout.machine.ts';
import type { CreateCheckoutSession } from '#schemas/billing.ts';
import type { CheckoutRecord } from '#schemas/checkout-record.ts';
import type { CheckoutSessionStarted } from '#src/api/billing.ts';

export type CheckoutDependencies = {
  createCheckoutSession: (body: CreateCheckoutSession) => Promise<CheckoutSessionStarted>;
  /** A new random state for each checkout. */
  randomState: () => string;
  /** The console's checkout-success callback URL carrying the state. */
  successCallbackUrl: (state: string) => string;
  saveCheckoutRecord: (record: CheckoutRecord) => void;
  goToCheckout: (redirectUri: string) => void;
  notifyUnknownError: () => void;
};

/** The checkout machine with its real effects: a random state, the cloud API, session storage and the browser. */
export function provideCheckoutMachine(deps: CheckoutDependencies) {
  return checkoutMachine.provide({
    actors: {
      createCheckoutSession: fromPromise<StartedCheckoutSession, CheckoutSessionRequest>(async ({ input }) => {
        const state = deps.randomState();
        const session = await deps.createCheckoutSession({ skuId: input.skuId, successCallbackUrl: deps.successCallbackUrl(state), ...input.target });
        return { state, ...session };
      }),
    },
    actions: {
      saveCheckoutRecord: (_, record) => deps.saveCheckoutRecord(record),
      goToCheckout: (_, redirectUri) => deps.goToCheckout(redirectUri),
      notifyUnknownError: () => deps.notifyUnknownError(),
    },
  });
}

export type ProvidedCheckoutMachine = ReturnType<typeof provideCheckoutMachine>;
