import { createFileRoute } from '@tanstack/react-router';
import { webhookQueries } from '#src/data/webhooks.ts';
import { WebhookLayout } from '#src/pages/webhooks/details/WebhookLayout.tsx';

export const Route = createFileRoute('/_console/$tenantId/webhooks/$id')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(webhookQueries.detail(context.api, params.tenantId, params.id)),
  component: WebhookLayout,
});
