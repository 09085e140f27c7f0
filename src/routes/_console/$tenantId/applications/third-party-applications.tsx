import { createFileRoute } from '@tanstack/react-router';
import { listQueryOf } from '#schemas/paging.ts';
import { applicationQueries } from '#src/data/applications.ts';
import { ApplicationsPage } from '#src/pages/applications/ApplicationsPage.tsx';
import { readApplicationListSearch } from '#schemas/list-search/applications.ts';

export const Route = createFileRoute('/_console/$tenantId/applications/third-party-applications')({
  validateSearch: readApplicationListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    void context.queryClient.prefetchQuery(applicationQueries.list(context.api, params.tenantId, { ...listQueryOf(deps), isThirdParty: true, type: deps.type })),
  component: () => <ApplicationsPage thirdParty search={Route.useSearch()} />,
});
