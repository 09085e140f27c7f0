import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { invitationFailedToastDuration } from '../../../schemas/constants.ts';
import { useTenantCreatedEffects } from '../create-tenant/tenant-created.ts';
import { OnboardingView } from './OnboardingView.tsx';
import { provideOnboardingMachine } from './provide.ts';

/** Runs onboarding with the console's preferences, API, session and router. */
export function OnboardingFlow() {
  const { api, preferences } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const { t } = useLingui();
  const effects = useTenantCreatedEffects();
  const [state, send] = useMachine(
    provideOnboardingMachine({
      loadPreferences: async () => {
        await preferences.load();
        return preferences.getSnapshot().preferences;
      },
      createTenant: api.tenants.createTenant,
      // The tenant's own token; the 'invitation failed' toast replaces the request client's.
      inviteCollaborators: ({ tenantId, invitee, roleName }) =>
        api.invitations.createInvitations(tenantId, { invitee, roleName }, { hideErrorToast: true }),
      markOnboardingDone: () => preferences.update({ isOnboardingDone: true }),
      navigateToRoot: () => void router.navigate({ to: '/', replace: true }),
      notifyInvitationFailed: () =>
        notifications.show({ color: 'red', message: t`Invitation failed`, autoClose: invitationFailedToastDuration }),
      ...effects,
    }),
  );
  return <OnboardingView state={state} send={send} />;
}
