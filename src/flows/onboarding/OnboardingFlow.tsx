import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { onboardingMachine, type InviteCollaboratorsInput } from '#machines/onboarding.machine.ts';
import { invitationFailedToastDuration } from '#schemas/constants.ts';
import type { CreateTenant, Tenant } from '#schemas/tenant.ts';
import { tenantCreatedImplementations, useTenantCreatedEffects } from '../create-tenant/tenant-created.ts';
import { OnboardingView } from './OnboardingView.tsx';

/** Runs onboarding with the console's preferences, API, session and router. */
export function OnboardingFlow() {
  const { api, preferences } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const { t } = useLingui();
  const effects = useTenantCreatedEffects();
  const [state, send] = useMachine(
    onboardingMachine.provide({
      actors: {
        loadPreferences: fromPromise(async () => {
          await preferences.load();
          return preferences.getSnapshot().preferences;
        }),
        createTenant: fromPromise<Tenant, CreateTenant>(({ input }) => api.tenants.createTenant(input)),
        // The tenant's own token; the 'invitation failed' toast replaces the request client's.
        inviteCollaborators: fromPromise<unknown, InviteCollaboratorsInput>(({ input: { tenantId, invitee, roleName } }) =>
          api.invitations.createInvitations(tenantId, { invitee, roleName }, { hideErrorToast: true }),
        ),
        markOnboardingDone: fromPromise(() => preferences.update({ isOnboardingDone: true })),
      },
      actions: {
        navigateToRoot: () => void router.navigate({ to: '/', replace: true }),
        notifyInvitationFailed: () =>
          notifications.show({ color: 'red', message: t`Invitation failed`, autoClose: invitationFailedToastDuration }),
        ...tenantCreatedImplementations(effects),
      },
    }),
  );
  return <OnboardingView state={state} send={send} />;
}
