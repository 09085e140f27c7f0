import { createFileRoute } from '@tanstack/react-router';
import { logQueries } from '#src/data/logs.ts';
import { LogDetailsPage } from '#src/pages/audit-logs/LogDetailsPage.tsx';

/** One log of an app, outside the app's tabs, with the way back to it. */
export const Route = createFileRoute('/_console/$tenantId/applications/$id_/logs/$logId')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(logQueries.detail(context.api, params.tenantId, params.logId)),
  component: function ApplicationLogDetails() {
    const { id, logId } = Route.useParams();
    return <LogDetailsPage context={{ kind: 'application', applicationId: id }} logId={logId} />;
  },
});
