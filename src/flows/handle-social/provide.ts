import { fromPromise } from 'xstate';
import { handleSocialMachine } from '../../../machines/handle-social.machine.ts';
import type { Me } from '../../../schemas/user.ts';

type LinkRequest = { connectorId: string; connectorData: Record<string, string> };

export type HandleSocialDependencies = {
  linkIdentity: (request: LinkRequest) => Promise<Me>;
  forgetConnector: () => void;
  onLinked: (me: Me) => void;
  closeWindow: () => void;
};

/** The popup's end of a social link with its real effects: the Me API, session storage, the opener and the window. */
export function provideHandleSocialMachine(deps: HandleSocialDependencies) {
  return handleSocialMachine.provide({
    actors: {
      linkIdentity: fromPromise<Me, LinkRequest>(({ input }) => deps.linkIdentity(input)),
    },
    actions: {
      forgetConnector: () => deps.forgetConnector(),
      notifyLinked: (_, me: Me) => deps.onLinked(me),
      closeWindow: () => deps.closeWindow(),
    },
  });
}
