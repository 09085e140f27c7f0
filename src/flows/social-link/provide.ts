import { fromPromise } from 'xstate';
import { socialLinkMachine, type ConnectorRequest } from '../../../machines/social-link.machine.ts';
import type { Me } from '../../../schemas/user.ts';

export type SocialLinkDependencies = {
  /** The provider's authorization URI for the connector (a new random state each time). */
  createAuthorizationUri: (connectorId: string) => Promise<string>;
  unlink: (connectorId: string) => Promise<Me>;
  openPopup: (connectorId: string) => void;
  navigatePopup: (redirectTo: string) => void;
  abandonPopup: () => void;
  onUnlinked: (me: Me) => void;
};

/** Social link and unlink with their real effects: the Me API, session storage and the popup window. */
export function provideSocialLinkMachine(deps: SocialLinkDependencies) {
  return socialLinkMachine.provide({
    actors: {
      createAuthorizationUri: fromPromise<string, ConnectorRequest>(({ input }) => deps.createAuthorizationUri(input.connectorId)),
      unlink: fromPromise<Me, ConnectorRequest>(({ input }) => deps.unlink(input.connectorId)),
    },
    actions: {
      openPopup: (_, connectorId: string) => deps.openPopup(connectorId),
      navigatePopup: (_, redirectTo: string) => deps.navigatePopup(redirectTo),
      abandonPopup: () => deps.abandonPopup(),
      notifyUnlinked: (_, me: Me) => deps.onUnlinked(me),
    },
  });
}
