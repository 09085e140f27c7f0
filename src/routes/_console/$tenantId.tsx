import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useFeature } from '../../edition.ts';
import { ScopeReconciliationFlow } from '../../flows/scope-reconciliation/ScopeReconciliationFlow.tsx';

/**
 * Pages of a tenant the user is not a member of lead back to the root, which opens the default tenant (spec 01 §4,
 * scope checks). In cloud the member's scopes in the tenant are checked before its pages show.
 */
export const Route = createFileRoute('/_console/$tenantId')({
  beforeLoad: ({ context, params }) => {
    if (!context.tenants.some(({ id }) => id === params.tenantId)) throw redirect({ to: '/', replace: true });
  },
  component: function TenantPages() {
    const { tenantId } = Route.useParams();
    const checksScopes = useFeature('tenantScopeChecks');
    if (!checksScopes) return <Outlet />;
    return (
      <ScopeReconciliationFlow key={tenantId} tenantId={tenantId}>
        <Outlet />
      </ScopeReconciliationFlow>
    );
  },
});
