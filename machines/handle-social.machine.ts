import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { codeOf, errorOf, messageOf, provided } from './errors.ts';
import type { Me } from '../schemas/user.ts';
import type { ErrorCode } from '../schemas/error-codes.ts';

/** The connector id the profile stored before opening the popup, and the provider's answer in the address. */
export type HandleSocialInput = { connectorId?: string; connectorData: Record<string, string> };
export type HandleSocialContext = HandleSocialInput & { error?: string };

/** The server answer the popup shows in an alert (spec 01 §8). */
export const identityInUseCode = 'user.identity_already_in_use' satisfies ErrorCode;

const isIdentityInUse = (error: unknown) => codeOf(error) === identityInUseCode;


/** /handle-social in the popup: posts the link of the stored connector, then closes the window (spec 01 §4 social link). */
export const handleSocialMachine = setup({
  types: {
    input: {} as HandleSocialInput,
    context: {} as HandleSocialContext,
    events: {} as { type: 'CLOSE' },
  },
  actors: {
    linkIdentity: fromPromise<Me, { connectorId: string; connectorData: Record<string, string> }>(provided('linkIdentity')),
  },
  actions: {
    /** Removes the connector id from session storage: it is used once. */
    forgetConnector: () => {},
    /** Tells the profile in the opener that the user changed. */
    notifyLinked: (_args, _me: Me) => {},
    /** Closes the popup. */
    closeWindow: () => {},
  },
  guards: {
    hasConnector: ({ context }) => Boolean(context.connectorId),
    isIdentityInUse: (_, error: unknown) => isIdentityInUse(error),
  },
}).createMachine({
  id: 'handleSocial',
  context: ({ input }) => ({ ...input }),
  initial: 'start',
  states: {
    start: {
      entry: 'forgetConnector',
      always: [{ guard: 'hasConnector', target: 'linking' }, { target: 'noConnector' }],
    },
    linking: {
      invoke: {
        id: 'linkIdentity',
        src: 'linkIdentity',
        input: ({ context }) => ({ connectorId: context.connectorId ?? '', connectorData: context.connectorData }),
        onDone: { target: 'done', actions: { type: 'notifyLinked', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isIdentityInUse', params: errorOf }, target: 'identityInUse' },
          { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    /** The alert of spec 01 §8; closing it closes the popup. */
    identityInUse: { on: { CLOSE: 'done' } },
    /** Opened without a link in progress (a reload, or a bookmark). */
    noConnector: { on: { CLOSE: 'done' } },
    failed: { on: { CLOSE: 'done' } },
    done: { type: 'final', entry: 'closeWindow' },
  },
});

export type HandleSocialSnapshot = SnapshotFrom<typeof handleSocialMachine>;
export type HandleSocialEvent = EventFromLogic<typeof handleSocialMachine>;
export type HandleSocialState = HandleSocialSnapshot['value'];
