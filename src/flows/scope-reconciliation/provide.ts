import { fromPromise } from 'xstate';
import { scopeReconciliationMachine, type TenantRequest } from '../../../machines/scope-reconciliation.machine.ts';

export type ScopeReconciliationDependencies = {
  /** The signed-in member's tenant scope names on the server. */
  fetchMemberScopes: (tenantId: string) => Promise<string[]>;
  /** The scope names of the tenant's organization token. */
  readTokenScopes: (tenantId: string) => Promise<string[]>;
  clearAccessToken: () => Promise<void>;
  signInWithConsent: () => Promise<void>;
  removeTenant: (tenantId: string) => void;
  goToRoot: () => void;
  reportAuthError: () => void;
};

/** The scope-reconciliation machine with its real effects: the members API, the sign-in client, the session and the router. */
export function provideScopeReconciliationMachine(deps: ScopeReconciliationDependencies) {
  return scopeReconciliationMachine.provide({
    actors: {
      fetchMemberScopes: fromPromise<string[], TenantRequest>(({ input }) => deps.fetchMemberScopes(input.tenantId)),
      readTokenScopes: fromPromise<string[], TenantRequest>(({ input }) => deps.readTokenScopes(input.tenantId)),
      clearAccessToken: fromPromise(() => deps.clearAccessToken()),
      signInWithConsent: fromPromise(() => deps.signInWithConsent()),
    },
    actions: {
      removeTenant: (_, tenantId: string) => deps.removeTenant(tenantId),
      goToRoot: () => deps.goToRoot(),
      reportAuthError: () => deps.reportAuthError(),
    },
  });
}
