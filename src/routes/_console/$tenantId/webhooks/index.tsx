import { createFileRoute } from '@tanstack/react-router';
import { readWebhookListSearch } from '#schemas/list-search/webhooks.ts';
import { webhookQueries } from '#src/data/webhooks.ts';
import { WebhooksPage } from '#src/pages/webhooks/WebhooksPage.tsx';
import { hookListQueryOf } from '#src/pages/webhooks/list-query.ts';

export const Route = createFileRoute('/_console/$tenantId/webhooks/')({
  validateSearch: readWebhookListSearch,
  loaderDeps: ({ search }) => search,
  // Starts the list's request with the route's code; the page shows its skeleton, error or rows meanwhile.
  loader: ({ context, params, deps }) => void context.queryClient.prefetchQuery(webhookQueries.list(context.api, params.tenantId, hookListQueryOf(deps))),
  component: () => <WebhooksPage search={Route.useSearch()} />,
});
