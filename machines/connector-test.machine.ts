import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { provided } from './errors.ts';

/** A test send: to an e-mail address or a phone number, through the config as the form holds it now. */
export type ConnectorTestRequest = { to: string; config: Record<string, unknown> };

export type ConnectorTestContext = {
  /** The last send, shown with its result. */
  request?: ConnectorTestRequest;
  /** Why the last send failed: the server's code, the provider's message and a hint. */
  error?: unknown;
};

/**
 * "Send test" of an e-mail or SMS connector (connectors.md §3, §4.1): the unsaved config is posted, and the result
 * stays shown (sent, or the code and the provider's message) until the next send.
 */
export const connectorTestMachine = setup({
  types: {
    context: {} as ConnectorTestContext,
    events: {} as { type: 'SEND'; request: ConnectorTestRequest },
  },
  actors: {
    send: fromPromise<void, ConnectorTestRequest>(provided('send')),
  },
}).createMachine({
  id: 'connectorTest',
  context: {},
  initial: 'idle',
  states: {
    idle: {},
    sending: {
      entry: assign({ error: undefined }),
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => context.request as ConnectorTestRequest,
        onDone: { target: 'sent' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    sent: {},
    failed: {},
  },
  on: {
    SEND: { target: '.sending', actions: assign({ request: ({ event }) => event.request }) },
  },
});

export type ConnectorTestSnapshot = SnapshotFrom<typeof connectorTestMachine>;
export type ConnectorTestEvent = EventFromLogic<typeof connectorTestMachine>;
