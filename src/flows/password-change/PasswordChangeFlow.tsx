import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import {
  passwordChangeErrorCodes,
  passwordChangeMachine,
  type PasswordChangeStep,
  type PasswordRequest,
} from '#machines/password-change.machine.ts';
import { useServices } from '#src/app/services.ts';
import { usePreferences } from '#src/preferences/hooks.ts';
import { pageNames } from '#src/ui/page-names.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { PasswordChangeView } from './PasswordChangeView.tsx';
import { profileApi } from '#src/api/me.ts';

const handled = { suppressErrorCodes: [...passwordChangeErrorCodes] };

/** /profile/verify-password and /profile/change-password: the step is the route's. */
export function PasswordChangeFlow({ step }: { step: PasswordChangeStep }) {
  const { t, i18n } = useLingui();
  usePageTitle(i18n._(pageNames[step]));
  const { api } = useRouteContext({ from: '__root__' });
  const { preferences } = useServices();
  const { me } = usePreferences();
  const navigate = useNavigate();
  const [state, send] = useMachine(
    passwordChangeMachine.provide({
      actors: {
        verifyPassword: fromPromise<void, PasswordRequest>(({ input }) => profileApi(api).verifyPassword(input.password, handled)),
        setPassword: fromPromise<void, PasswordRequest>(({ input }) => profileApi(api).setPassword(input.password, handled)),
      },
      actions: {
        goToChangePassword: () => void navigate({ to: '/profile/change-password' }),
        goToVerifyPassword: () => void navigate({ to: '/profile/verify-password' }),
        notifyChanged: () => {
          const label = t`Password`;
          notifications.show({ color: 'green', message: t`Profile updated: ${label}` });
          void preferences.reload();
          void navigate({ to: '/profile' });
        },
      },
    }),
    { input: { step } },
  );
  const primaryEmail = me?.primaryEmail;
  const verifyByEmail = (email: string) =>
    void navigate({ to: '/profile/link-email', state: (previous) => ({ ...previous, email, action: 'changePassword' }) });
  return (
    <PasswordChangeView
      state={state}
      send={send}
      hasPassword={me?.hasPassword ?? true}
      onCancel={() => void navigate({ to: '/profile' })}
      onVerifyByEmail={primaryEmail ? () => verifyByEmail(primaryEmail) : undefined}
    />
  );
}
