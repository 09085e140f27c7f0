import { createFileRoute } from '@tanstack/react-router';
import { ApplicationTab } from '#src/pages/applications/details/ApplicationTab.tsx';
import { useApplication } from '#src/pages/applications/details/useApplication.ts';
import { LogsTab } from '#src/pages/audit-logs/LogsTab.tsx';
import { readLogListSearch } from '#schemas/list-search/logs.ts';
import { prefetchLogList } from '#src/pages/audit-logs/prefetch.ts';

function ApplicationLogs() {
  const { application } = useApplication();
  return <LogsTab scope={{ kind: 'application', applicationId: application.id, machineToMachine: application.type === 'MachineToMachine' }} search={Route.useSearch()} />;
}

/** An app's logs tab: the audit log of this app. */
export const Route = createFileRoute('/_console/$tenantId/applications/$id/logs')({
  validateSearch: readLogListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => prefetchLogList(context, params.tenantId, { applicationId: params.id }, deps),
  component: () => (
    <ApplicationTab segment="logs">
      <ApplicationLogs />
    </ApplicationTab>
  ),
});
