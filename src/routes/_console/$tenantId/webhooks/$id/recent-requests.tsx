import { createFileRoute } from '@tanstack/react-router';
import { readWebhookLogSearch } from '#schemas/list-search/webhooks.ts';
import { webhookQueries } from '#src/data/webhooks.ts';
import { RecentRequestsTab } from '#src/pages/webhooks/details/RecentRequestsTab.tsx';
import { recentLogsQuery } from '#src/pages/webhooks/details/recent-logs-query.ts';

/** A webhook's deliveries of the last 24 hours (webhooks.md §3), inside its layout. */
export const Route = createFileRoute('/_console/$tenantId/webhooks/$id/recent-requests')({
  validateSearch: readWebhookLogSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    void context.queryClient.prefetchQuery(webhookQueries.recentLogs(context.api, params.tenantId, params.id, recentLogsQuery(deps))),
  component: function WebhookRecentRequests() {
    return <RecentRequestsTab search={Route.useSearch()} />;
  },
});
