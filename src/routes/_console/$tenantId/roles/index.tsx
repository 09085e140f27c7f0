import { createFileRoute } from '@tanstack/react-router';
import { listQueryOf } from '#schemas/paging.ts';
import { roleQueries } from '#src/data/roles.ts';
import { RolesPage } from '#src/pages/roles/RolesPage.tsx';
import { readRoleListSearch } from '#schemas/list-search/roles.ts';

export const Route = createFileRoute('/_console/$tenantId/roles/')({
  validateSearch: readRoleListSearch,
  loaderDeps: ({ search }) => search,
  // Starts the list's request with the route's code; the page shows its skeleton, error or rows meanwhile.
  loader: ({ context, params, deps: { type, ...search } }) =>
    void context.queryClient.prefetchQuery(roleQueries.list(context.api, params.tenantId, { ...listQueryOf(search), ...(type ? { type } : {}) })),
  component: () => <RolesPage search={Route.useSearch()} />,
});
