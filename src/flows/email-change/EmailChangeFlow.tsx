import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useNavigate, useRouteContext, useRouterState } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import {
  emailChangeMachine,
  type CodeRequest,
  type EmailChangeStep,
  type EmailNavigationState,
  type EmailRequest,
} from '#machines/email-change.machine.ts';
import { useServices } from '#src/app/services.ts';
import { pageNames } from '#src/ui/page-names.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { EmailChangeView } from './EmailChangeView.tsx';
import { profileApi } from '#src/api/me.ts';

// The flow shows these answers in its own alert.
const handled = { hideErrorToast: true };

/** /profile/link-email and /profile/verification-code: the step is the route's, the e-mail its navigation state. */
export function EmailChangeFlow({ step }: { step: EmailChangeStep }) {
  const { t, i18n } = useLingui();
  usePageTitle(i18n._(pageNames[step]));
  const { api } = useRouteContext({ from: '__root__' });
  const { preferences } = useServices();
  const navigationState = useRouterState({ select: (state) => state.location.state });
  const navigate = useNavigate();
  const [state, send] = useMachine(
    emailChangeMachine.provide({
      actors: {
        sendCode: fromPromise<void, EmailRequest>(({ input }) => profileApi(api).sendEmailVerificationCode(input.email, handled)),
        verifyCode: fromPromise<void, CodeRequest>(({ input: { email, code, action } }) => profileApi(api).verifyEmailCode(email, code, action, handled)),
        setPrimaryEmail: fromPromise<void, EmailRequest>(async ({ input }) => preferences.replaceMe(await profileApi(api).setPrimaryEmail(input.email, handled))),
      },
      actions: {
        goToVerificationCode: (_, emailState: Required<EmailNavigationState>) =>
          void navigate({ to: '/profile/verification-code', state: (previous) => ({ ...previous, ...emailState }) }),
        goToChangePassword: () => void navigate({ to: '/profile/change-password' }),
        notifyChanged: () => {
          const label = t`E-mail`;
          notifications.show({ color: 'green', message: t`Profile updated: ${label}` });
          void navigate({ to: '/profile' });
        },
      },
    }),
    { input: { step, navigationState } },
  );
  return <EmailChangeView state={state} send={send} onCancel={() => void navigate({ to: '/profile' })} />;
}
