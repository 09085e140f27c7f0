import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { hasFeature } from '#src/edition.ts';
import { IndexRouteView } from './IndexRouteView.tsx';
import { provideIndexRouteMachine } from './provide.ts';
import { useTenants } from '#src/data/tenants.ts';

/** Runs the index route with the session's tenants, the preferences, the invitations API and the router. */
export function IndexRouteFlow() {
  const { api, config, preferences } = useRouteContext({ from: '__root__' });
  const tenants = useTenants();
  const router = useRouter();
  const [state, send] = useMachine(
    provideIndexRouteMachine({
      loadPreferences: async () => {
        await preferences.load();
        return preferences.getSnapshot().preferences;
      },
      fetchPendingInvitations: api.invitations.listMyInvitations,
      restartOnboarding: () => preferences.update({ isOnboardingDone: false }),
      navigateToOnboarding: () => void router.navigate({ to: '/onboarding/create-tenant', replace: true }),
      navigateToTenant: (tenantId) => void router.navigate({ to: '/$tenantId', params: { tenantId }, replace: true }),
      navigateToInvitation: (invitationId) => void router.navigate({ to: '/accept/$invitationId', params: { invitationId } }),
    }),
    {
      input: {
        tenants,
        canOnboard: hasFeature(config.edition, 'onboarding'),
        canHaveInvitations: hasFeature(config.edition, 'invitations'),
      },
    },
  );
  return <IndexRouteView state={state} send={send} />;
}
