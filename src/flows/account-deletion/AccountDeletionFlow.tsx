import { useRouteContext, useRouter } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useMachine } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { useServices } from '#src/app/services.ts';
import { AccountDeletionView } from './AccountDeletionView.tsx';
import { provideAccountDeletionMachine } from './provide.ts';
import { profileApi } from '#src/api/me.ts';

/** The flow shows the blockers and every other failure in its own dialogs. */
const quiet = { hideErrorToast: true };

/** Deleting the signed-in account (cloud): eligibility, two confirmations, DELETE /api/me, then sign-out. */
export function AccountDeletionFlow() {
  const { api, organizationRoles } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const { signOut } = useServices();
  const { t } = useLingui();
  const [state, send] = useMachine(
    provideAccountDeletionMachine({
      organizationRoles,
      tenants: () => router.options.context.tenants,
      deleteAccount: () => profileApi(api).deleteAccount(quiet),
      notifyClaimsUnavailable: () => notifications.show({ color: 'red', message: t`Your account details are unavailable. Please sign in again and retry.` }),
      signOut,
    }),
  );
  return <AccountDeletionView state={state} send={send} />;
}
