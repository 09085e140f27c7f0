import { createFileRoute } from '@tanstack/react-router';
import { LogsTab } from '#src/pages/audit-logs/LogsTab.tsx';
import { readLogListSearch } from '#schemas/list-search/logs.ts';
import { prefetchLogList } from '#src/pages/audit-logs/prefetch.ts';

/** A user's logs tab (users.md §4): the audit log of this user, inside the user's layout. */
export const Route = createFileRoute('/_console/$tenantId/users/$id/logs')({
  validateSearch: readLogListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => prefetchLogList(context, params.tenantId, { userId: params.id }, deps),
  component: function UserLogs() {
    const { id } = Route.useParams();
    return <LogsTab scope={{ kind: 'user', userId: id }} search={Route.useSearch()} />;
  },
});
