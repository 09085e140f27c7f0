import { createFileRoute } from '@tanstack/react-router';
import { AuditLogsPage } from '#src/pages/audit-logs/AuditLogsPage.tsx';
import { readLogListSearch } from '#schemas/list-search/logs.ts';
import { prefetchLogList } from '#src/pages/audit-logs/prefetch.ts';

export const Route = createFileRoute('/_console/$tenantId/audit-logs/')({
  validateSearch: readLogListSearch,
  loaderDeps: ({ search }) => search,
  // Starts the list's request with the route's code; the page shows its skeleton, error or rows meanwhile.
  loader: ({ context, params, deps }) => prefetchLogList(context, params.tenantId, {}, deps),
  component: () => <AuditLogsPage search={Route.useSearch()} />,
});
