import { createFileRoute } from '@tanstack/react-router';
import { useDetail } from '#src/data/detail.ts';
import { applicationQueries } from '#src/data/applications.ts';
import { LogsTab } from '#src/pages/audit-logs/LogsTab.tsx';
import { readLogListSearch } from '#schemas/list-search/logs.ts';
import { prefetchLogList } from '#src/pages/audit-logs/prefetch.ts';

function ApplicationLogs() {
  const { entity: application } = useDetail(applicationQueries.detail);
  return <LogsTab scope={{ kind: 'application', applicationId: application.id, machineToMachine: application.type === 'MachineToMachine' }} search={Route.useSearch()} />;
}

/** An app's logs tab: the audit log of this app. */
export const Route = createFileRoute('/_console/$tenantId/applications/$id/logs')({
  validateSearch: readLogListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => prefetchLogList(context, params.tenantId, { applicationId: params.id }, deps),
  component: ApplicationLogs,
});
