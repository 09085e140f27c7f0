import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useLingui } from '@lingui/react/macro';
import { handleSocialMachine, identityInUseCode, type HandleSocialInput } from '#machines/handle-social.machine.ts';
import type { Me } from '#schemas/user.ts';
import { consolePath } from '#schemas/constants.ts';
import { pageNames } from '#src/ui/page-names.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { announceLinked, linkingConnector } from '../social-link/channel.ts';
import { HandleSocialView } from './HandleSocialView.tsx';
import { profileApi } from '#src/api/me.ts';

/** The provider's answer in the address, plus the redirect URI the link was started with (spec 01 §7). */
const connectorDataOf = (search: string): Record<string, string> => ({
  ...Object.fromEntries(new URLSearchParams(search)),
  redirectUri: `${window.location.origin}${consolePath}/handle-social`,
});

/** /handle-social: finishes the link of the connector the profile stored, then closes the popup. */
export function HandleSocialFlow() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(pageNames.handleSocial));
  const { api } = useRouteContext({ from: '__root__' });
  // Read once: the machine removes it from session storage when it starts.
  const [input] = useState(() => ({ connectorId: linkingConnector.read(), connectorData: connectorDataOf(window.location.search) }));
  const [state, send] = useMachine(
    handleSocialMachine.provide({
      actors: {
        linkIdentity: fromPromise<Me, Required<HandleSocialInput>>(({ input }) =>
          profileApi(api).linkSocialIdentity(input, { suppressErrorCodes: [identityInUseCode] }),
        ),
      },
      actions: {
        forgetConnector: () => linkingConnector.clear(),
        notifyLinked: () => announceLinked(),
        closeWindow: () => window.close(),
      },
    }),
    { input },
  );
  return <HandleSocialView state={state} send={send} />;
}
