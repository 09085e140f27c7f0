import { useMemo, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ScopeReconciliationEvent, ScopeReconciliationSnapshot } from '#machines/scope-reconciliation.machine.ts';
import { useConfig } from '#src/config.ts';
import { tenantAccessOf } from '#src/rules/tenant-access.ts';
import { AppError } from '#src/ui/AppError.tsx';
import { PageLoader } from '#src/ui/PageLoader.tsx';
import { TenantAccessContext } from './access.ts';

export type ScopeReconciliationViewProps = {
  state: ScopeReconciliationSnapshot;
  send: (event: ScopeReconciliationEvent) => void;
  /** The tenant's pages, shown once the member's scopes are known. */
  children: ReactNode;
};

/**
 * The tenant's pages with the access flags of the member's scopes. Until the scopes are first known, and while the
 * console leaves the tenant or signs in again, a loader; a failure shows the error page with Retry.
 */
export function ScopeReconciliationView({ state, send, children }: ScopeReconciliationViewProps) {
  const { t } = useLingui();
  const { isDevMode } = useConfig();
  const { serverScopes, error } = state.context;
  const access = useMemo(() => tenantAccessOf(serverScopes), [serverScopes]);

  if (state.matches('error')) {
    return <AppError code={isDevMode ? error?.code : undefined} message={error?.message} onRetry={() => send({ type: 'RETRY' })} />;
  }
  const leaving = state.matches('leavingTenant') || state.matches('sessionExpired');
  if (leaving || serverScopes.length === 0) return <PageLoader label={t`Checking your access`} />;
  return <TenantAccessContext.Provider value={access}>{children}</TenantAccessContext.Provider>;
}
