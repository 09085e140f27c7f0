import { useEffect, useRef } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { socialLinkMachine, type ConnectorRequest } from '#machines/social-link.machine.ts';
import { socialLinkStateLength } from '#schemas/profile.ts';
import type { Me } from '#schemas/user.ts';
import { consolePath } from '#schemas/constants.ts';
import { useServices } from '#src/app/services.ts';
import { randomState } from '#src/rules/checkout-state.ts';
import { linkingConnector, onLinked } from './channel.ts';
import { profileApi } from '#src/api/me.ts';

/** Spec 01 §9: the social link popup is 600 by 640, centred on the console's window. */
const popupSize = { width: 600, height: 640 };

const openCentredPopup = () => {
  const left = window.screenX + Math.max(0, (window.outerWidth - popupSize.width) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - popupSize.height) / 2);
  return window.open('', 'gatehouse-social-link', `popup,width=${popupSize.width},height=${popupSize.height},left=${left},top=${top}`);
};

/** The social link machine of the profile; the user is reloaded when the popup reports a link. */
export function useSocialLink() {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { preferences } = useServices();
  const popup = useRef<Window | null>(null);
  const [state, send] = useMachine(
    socialLinkMachine.provide({
      actors: {
        createAuthorizationUri: fromPromise<string, ConnectorRequest>(async ({ input }) => {
          const { redirectTo } = await profileApi(api).createSocialAuthorizationUri({
            connectorId: input.connectorId,
            state: randomState(socialLinkStateLength),
            redirectUri: `${window.location.origin}${consolePath}/handle-social`,
          });
          return redirectTo;
        }),
        unlink: fromPromise<Me, ConnectorRequest>(({ input }) => profileApi(api).unlinkSocialIdentity(input.connectorId)),
      },
      actions: {
        openPopup: (_, connectorId: string) => {
          linkingConnector.save(connectorId);
          popup.current = openCentredPopup();
        },
        navigatePopup: (_, redirectTo: string) => {
          if (popup.current && !popup.current.closed) popup.current.location.href = redirectTo;
        },
        abandonPopup: () => {
          linkingConnector.clear();
          popup.current?.close();
        },
        notifyUnlinked: (_, me: Me) => {
          preferences.replaceMe(me);
          notifications.show({ color: 'green', message: t`The social account was unlinked.` });
        },
      },
    }),
  );
  useEffect(
    () =>
      onLinked(() => {
        linkingConnector.clear();
        void preferences.reload();
      }),
    [api, preferences],
  );
  return [state, send] as const;
}
