import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { provided } from './errors.ts';

/** The attempt a resend made, once its log is written: where it is, and what the endpoint answered. */
export type ResentAttempt = { logId: string; result: 'Success' | 'Error'; status?: number };

export type DeliveryResendContext = {
  attempt?: ResentAttempt;
  /** Why the resend was refused (the hook deleted or disabled, the delivery gone). */
  error?: unknown;
};

/**
 * "Resend" of one webhook delivery (webhooks.md §3, §7): the server queues the delivery again (202) and its dispatcher
 * sends it; the page waits for that attempt's log to show what the endpoint answered. An endpoint slower than the wait
 * leaves it queued: its attempt shows in the timeline when it is written.
 */
export const deliveryResendMachine = setup({
  types: {
    context: {} as DeliveryResendContext,
    events: {} as { type: 'RESEND' },
  },
  actors: {
    resend: fromPromise<void>(provided('resend')),
    /** Resolves with the first attempt logged after the resend. */
    awaitAttempt: fromPromise<ResentAttempt>(provided('awaitAttempt')),
  },
  delays: {
    /** A send times out after 10 s (webhooks.md §6); the dispatcher may take a poll interval to pick it up. */
    resendWait: 15_000,
  },
}).createMachine({
  id: 'deliveryResend',
  context: {},
  initial: 'idle',
  states: {
    idle: { on: { RESEND: 'resending' } },
    resending: {
      entry: assign({ attempt: undefined, error: undefined }),
      invoke: {
        id: 'resend',
        src: 'resend',
        onDone: 'waiting',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    waiting: {
      invoke: {
        id: 'awaitAttempt',
        src: 'awaitAttempt',
        onDone: { target: 'delivered', actions: assign({ attempt: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
      after: { resendWait: 'queued' },
    },
    delivered: { on: { RESEND: 'resending' } },
    queued: { on: { RESEND: 'resending' } },
    failed: { on: { RESEND: 'resending' } },
  },
});

export type DeliveryResendSnapshot = SnapshotFrom<typeof deliveryResendMachine>;
export type DeliveryResendEvent = EventFromLogic<typeof deliveryResendMachine>;
