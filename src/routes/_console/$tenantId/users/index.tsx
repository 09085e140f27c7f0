import { createFileRoute } from '@tanstack/react-router';
import { userQueries } from '#src/data/users.ts';
import { UsersPage } from '#src/pages/users/UsersPage.tsx';
import { readUserListSearch, userListQueryOf } from '#schemas/list-search/users.ts';

export const Route = createFileRoute('/_console/$tenantId/users/')({
  validateSearch: readUserListSearch,
  loaderDeps: ({ search }) => search,
  // Starts the list's request with the route's code; the page shows its skeleton, error or rows meanwhile.
  loader: ({ context, params, deps }) => void context.queryClient.prefetchQuery(userQueries.list(context.api, params.tenantId, userListQueryOf(deps))),
  component: () => <UsersPage search={Route.useSearch()} />,
});
