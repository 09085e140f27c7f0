import { useEffect, type ReactNode } from 'react';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useServices } from '../../app/services.ts';
import { guardConsentSignIn } from './consent-guard.ts';
import { provideScopeReconciliationMachine } from './provide.ts';
import { ScopeReconciliationView } from './ScopeReconciliationView.tsx';

/**
 * Checks the current tenant's token scopes against the member's scopes on the server (spec 01 §4 scope checks). Mounted
 * once per tenant (keyed by its id); checks again whenever the console comes back into view.
 */
export function ScopeReconciliationFlow({ tenantId, children }: { tenantId: string; children: ReactNode }) {
  const { api } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const { tenantTokens, setTenants, signInAgain } = useServices();
  const actor = useActorRef(
    provideScopeReconciliationMachine({
      fetchMemberScopes: async (id) => (await api.members.getMemberScopes(id, await tenantTokens.userId())).map(({ name }) => name),
      readTokenScopes: tenantTokens.organizationTokenScopes,
      clearAccessToken: tenantTokens.clearAccessToken,
      signInWithConsent: guardConsentSignIn(window.sessionStorage, Date.now, tenantTokens.signInWithConsent),
      removeTenant: (id) => setTenants(router.options.context.tenants.filter((tenant) => tenant.id !== id)),
      goToRoot: () => void router.navigate({ to: '/', replace: true }),
      reportAuthError: signInAgain,
    }),
    { input: { tenantId } },
  );
  const state = useSelector(actor, (snapshot) => snapshot);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'REFRESH' });
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [actor]);

  return (
    <ScopeReconciliationView state={state} send={actor.send}>
      {children}
    </ScopeReconciliationView>
  );
}
