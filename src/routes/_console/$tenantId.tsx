import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router';
import { placeholderTenantId } from '#schemas/constants.ts';
import { ownScopesQuery } from '#src/data/member-scopes.ts';
import { hasFeature, useFeature } from '#src/edition.ts';
import { ScopeReconciliationFlow } from '#src/flows/scope-reconciliation/ScopeReconciliationFlow.tsx';
import { TenantNotices } from '#src/app/notices/TenantNotices.tsx';
import { defaultTenantOf } from '#machines/index-route.machine.ts';

/**
 * The pages of one tenant. A link with the placeholder tenant id opens the user's default tenant (spec 01 §4, scope
 * checks); the URL of a tenant the user is not a member of (or that was deleted) is not found, unless the user has no
 * tenant at all. In cloud the member's scopes in the tenant are checked before its pages show (their request starts
 * here, beside the page's own; the check asks again when the console comes back into view), and the tenant's notices
 * (or the suspended page) come with them.
 */
export const Route = createFileRoute('/_console/$tenantId')({
  beforeLoad: async ({ context, params, location }) => {
    if (context.tenants.some(({ id }) => id === params.tenantId)) {
      const { api, config, queryClient, userId } = context;
      if (hasFeature(config.edition, 'tenantScopeChecks')) {
        void queryClient.prefetchQuery({ ...ownScopesQuery(api, params.tenantId, userId), staleTime: Infinity });
      }
      return;
    }
    // Someone with no tenant at all is better served by the root's landing or onboarding than by "not found".
    if (context.tenants.length === 0) throw redirect({ to: '/', replace: true });
    if (params.tenantId !== placeholderTenantId) throw notFound();
    const { preferences } = await context.preferences.load();
    const tenantId = defaultTenantOf(context.tenants, preferences);
    if (!tenantId) throw redirect({ to: '/', replace: true });
    const path = location.pathname.replace(`/${placeholderTenantId}`, `/${tenantId}`);
    throw redirect({ href: `${path}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`, replace: true });
  },
  component: function TenantPages() {
    const { tenantId } = Route.useParams();
    const checksScopes = useFeature('tenantScopeChecks');
    const pages = (
      <TenantNotices tenantId={tenantId}>
        <Outlet />
      </TenantNotices>
    );
    if (!checksScopes) return pages;
    return (
      <ScopeReconciliationFlow key={tenantId} tenantId={tenantId}>
        {pages}
      </ScopeReconciliationFlow>
    );
  },
});
