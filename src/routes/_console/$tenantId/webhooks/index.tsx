import { createFileRoute } from '@tanstack/react-router';
import { listQueryOf } from '#schemas/paging.ts';
import { readWebhookListSearch } from '#schemas/list-search/webhooks.ts';
import { webhookQueries } from '#src/data/webhooks.ts';
import { WebhooksPage } from '#src/pages/webhooks/WebhooksPage.tsx';

export const Route = createFileRoute('/_console/$tenantId/webhooks/')({
  validateSearch: readWebhookListSearch,
  loaderDeps: ({ search }) => search,
  // Starts the list's request with the route's code; the page shows its skeleton, error or rows meanwhile.
  loader: ({ context, params, deps: { enabled, ...search } }) =>
    void context.queryClient.prefetchQuery(webhookQueries.list(context.api, params.tenantId, { ...listQueryOf(search), ...(enabled ? { enabled } : {}) })),
  component: () => <WebhooksPage search={Route.useSearch()} />,
});
