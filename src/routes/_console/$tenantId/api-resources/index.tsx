import { createFileRoute } from '@tanstack/react-router';
import { readListSearch } from '#schemas/list-search/list.ts';
import { listQueryOf } from '#schemas/paging.ts';
import { resourceQueries } from '#src/data/resources.ts';
import { ApiResourcesPage } from '#src/pages/api-resources/ApiResourcesPage.tsx';

export const Route = createFileRoute('/_console/$tenantId/api-resources/')({
  validateSearch: readListSearch,
  loaderDeps: ({ search }) => search,
  // Starts the list's request with the route's code; the page shows its skeleton, error or rows meanwhile.
  loader: ({ context, params, deps }) => void context.queryClient.prefetchQuery(resourceQueries.list(context.api, params.tenantId, listQueryOf(deps))),
  component: () => <ApiResourcesPage search={Route.useSearch()} />,
});
