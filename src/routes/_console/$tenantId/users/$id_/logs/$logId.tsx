import { createFileRoute } from '@tanstack/react-router';
import { logQueries } from '#src/data/logs.ts';
import { LogDetailsPage } from '#src/pages/audit-logs/LogDetailsPage.tsx';

/** One log of a user, outside the user's tabs, with the way back to them. */
export const Route = createFileRoute('/_console/$tenantId/users/$id_/logs/$logId')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(logQueries.detail(context.api, params.tenantId, params.logId)),
  component: function UserLogDetails() {
    const { id, logId } = Route.useParams();
    return <LogDetailsPage context={{ kind: 'user', userId: id }} logId={logId} />;
  },
});
