import { useEffect, useMemo, type ReactNode } from 'react';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { scopeReconciliationMachine, type TenantRequest } from '#machines/scope-reconciliation.machine.ts';
import { useServices } from '#src/app/services.ts';
import { ownScopesQuery } from '#src/data/member-scopes.ts';
import { guardConsentSignIn } from './consent-guard.ts';
import { ScopeReconciliationView } from './ScopeReconciliationView.tsx';

/**
 * Checks the current tenant's token scopes against the member's scopes on the server (spec 01 §4 scope checks). Mounted
 * once per tenant (keyed by its id); checks again whenever the console comes back into view.
 */
export function ScopeReconciliationFlow({ tenantId, children }: { tenantId: string; children: ReactNode }) {
  const { api, queryClient, userId } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const { tenantTokens, setTenants, signInAgain } = useServices();
  const ownScopes = useMemo(() => ownScopesQuery(api, tenantId, userId), [api, tenantId, userId]);
  const actor = useActorRef(
    scopeReconciliationMachine.provide({
      actors: {
        // What the tenant's route fetched as it opened, unless that is too old.
        fetchMemberScopes: fromPromise<string[], TenantRequest>(() => queryClient.fetchQuery(ownScopes)),
        readTokenScopes: fromPromise<string[], TenantRequest>(({ input }) => tenantTokens.organizationTokenScopes(input.tenantId)),
        clearAccessToken: fromPromise(() => tenantTokens.clearAccessToken()),
        signInWithConsent: fromPromise(guardConsentSignIn(window.sessionStorage, Date.now, tenantTokens.signInWithConsent)),
      },
      actions: {
        removeTenant: (_, id: string) => setTenants(router.options.context.tenants.filter((tenant) => tenant.id !== id)),
        goToRoot: () => void router.navigate({ to: '/', replace: true }),
        reportAuthError: () => signInAgain(),
      },
    }),
    { input: { tenantId } },
  );
  const state = useSelector(actor, (snapshot) => snapshot);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      void queryClient.invalidateQueries({ queryKey: ownScopes.queryKey });
      actor.send({ type: 'REFRESH' });
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [actor, queryClient, ownScopes]);

  return (
    <ScopeReconciliationView state={state} send={actor.send}>
      {children}
    </ScopeReconciliationView>
  );
}
