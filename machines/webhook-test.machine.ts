import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { provided } from './errors.ts';

/** A test send: a sample payload of each event, to the URL and headers as the form holds them now. */
export type WebhookTestRequest = { url: string; events: string[]; headers: Record<string, string> };

/**
 * What the endpoint made of the test: it answered 2xx (`answered`), answered another status (`rejected`), or could not
 * be reached in time (`unreachable`); with how long the send took.
 */
export type WebhookTestOutcome =
  | { kind: 'answered'; status?: number; body?: string; durationMs: number }
  | { kind: 'rejected'; status: number; body: string; durationMs: number }
  | { kind: 'unreachable'; message: string; durationMs: number };

export type WebhookTestContext = {
  /** The last send, shown with its result. */
  request?: WebhookTestRequest;
  outcome?: WebhookTestOutcome;
  /** Why the console could not have the test sent (an invalid URL, the hook gone). */
  error?: unknown;
};

/**
 * "Send test payload" of a webhook (webhooks.md §3): the form's unsaved URL and headers, signed with the saved key. The
 * result panel stays until the next send: the endpoint's answer, its refusal, an endpoint out of reach, or a request
 * the server refused.
 */
export const webhookTestMachine = setup({
  types: {
    context: {} as WebhookTestContext,
    events: {} as { type: 'SEND'; request: WebhookTestRequest },
  },
  actors: {
    send: fromPromise<WebhookTestOutcome, WebhookTestRequest>(provided('send')),
  },
  guards: {
    /** The endpoint answered 2xx. */
    answered: (_, outcome: WebhookTestOutcome) => outcome.kind === 'answered',
    /** The endpoint answered another status. */
    rejected: (_, outcome: WebhookTestOutcome) => outcome.kind === 'rejected',
  },
}).createMachine({
  id: 'webhookTest',
  context: {},
  initial: 'idle',
  states: {
    idle: {},
    sending: {
      entry: assign({ outcome: undefined, error: undefined }),
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => context.request as WebhookTestRequest,
        onDone: [
          { guard: { type: 'answered', params: ({ event }) => event.output }, target: 'answered', actions: assign({ outcome: ({ event }) => event.output }) },
          { guard: { type: 'rejected', params: ({ event }) => event.output }, target: 'rejected', actions: assign({ outcome: ({ event }) => event.output }) },
          { target: 'unreachable', actions: assign({ outcome: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    answered: {},
    rejected: {},
    unreachable: {},
    failed: {},
  },
  on: {
    SEND: { target: '.sending', actions: assign({ request: ({ event }) => event.request }) },
  },
});

export type WebhookTestSnapshot = SnapshotFrom<typeof webhookTestMachine>;
export type WebhookTestEvent = EventFromLogic<typeof webhookTestMachine>;
