import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { Me } from '../schemas/user.ts';
import { provided } from './errors.ts';

export type SocialLinkContext = { connectorId?: string };
export type ConnectorRequest = { connectorId: string };

type Link = { type: 'LINK'; connectorId: string };
type Unlink = { type: 'UNLINK'; connectorId: string };

const connectorOf = ({ context }: { context: SocialLinkContext }) => ({ connectorId: context.connectorId ?? '' });

/**
 * Linking and unlinking the user's social accounts from the profile (spec 01 §4 social link, unlink). Linking stores
 * the connector id and opens the popup within the click (so no popup blocker stops it), then sends the popup to the
 * provider's authorization URI; /handle-social finishes the link in the popup. Unlinking asks first, then deletes.
 */
export const socialLinkMachine = setup({
  types: {
    context: {} as SocialLinkContext,
    events: {} as Link | Unlink | { type: 'CONFIRM' } | { type: 'CANCEL' },
  },
  actors: {
    createAuthorizationUri: fromPromise<string, ConnectorRequest>(provided('createAuthorizationUri')),
    unlink: fromPromise<Me, ConnectorRequest>(provided('unlink')),
  },
  actions: {
    /** Saves the connector id in session storage, then opens the 600 × 640 popup (it gets a copy), blank for now. */
    openPopup: (_args, _connectorId: string) => {},
    /** Sends the popup to the provider. */
    navigatePopup: (_args, _redirectTo: string) => {},
    /** Closes the popup and forgets the connector id: the link could not start. */
    abandonPopup: () => {},
    /** Shows the user without the identity. */
    notifyUnlinked: (_args, _me: Me) => {},
  },
}).createMachine({
  id: 'socialLink',
  context: {},
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ connectorId: undefined }),
      on: {
        LINK: {
          target: 'authorizing',
          actions: [assign({ connectorId: ({ event }) => event.connectorId }), { type: 'openPopup', params: ({ event }) => event.connectorId }],
        },
        UNLINK: { target: 'confirmingUnlink', actions: assign({ connectorId: ({ event }) => event.connectorId }) },
      },
    },
    authorizing: {
      invoke: {
        id: 'createAuthorizationUri',
        src: 'createAuthorizationUri',
        input: connectorOf,
        onDone: { target: 'idle', actions: { type: 'navigatePopup', params: ({ event }) => event.output } },
        // The request client showed the failure.
        onError: { target: 'idle', actions: 'abandonPopup' },
      },
    },
    confirmingUnlink: {
      on: { CONFIRM: 'unlinking', CANCEL: 'idle' },
    },
    unlinking: {
      invoke: {
        id: 'unlink',
        src: 'unlink',
        input: connectorOf,
        onDone: { target: 'idle', actions: { type: 'notifyUnlinked', params: ({ event }) => event.output } },
        onError: 'idle',
      },
    },
  },
});

export type SocialLinkSnapshot = SnapshotFrom<typeof socialLinkMachine>;
export type SocialLinkEvent = EventFromLogic<typeof socialLinkMachine>;
export type SocialLinkState = SocialLinkSnapshot['value'];
