import { createFileRoute } from '@tanstack/react-router';
import { logQueries } from '#src/data/logs.ts';
import { LogDetailsPage } from '#src/pages/audit-logs/LogDetailsPage.tsx';

export const Route = createFileRoute('/_console/$tenantId/audit-logs/$logId')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(logQueries.detail(context.api, params.tenantId, params.logId)),
  component: function AuditLogDetails() {
    const { logId } = Route.useParams();
    return <LogDetailsPage context={{ kind: 'tenant' }} logId={logId} />;
  },
});
