import { createFileRoute } from '@tanstack/react-router';
import { webhookQueries } from '#src/data/webhooks.ts';
import { DeliveryPage } from '#src/pages/webhooks/delivery/DeliveryPage.tsx';

/** One delivery attempt of a webhook, outside the webhook's tabs, with the way back to them. */
export const Route = createFileRoute('/_console/$tenantId/webhooks/$id_/recent-requests/$logId')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(webhookQueries.delivery(context.api, params.tenantId, params.logId)),
  component: function WebhookDelivery() {
    const { id, logId } = Route.useParams();
    return <DeliveryPage hookId={id} logId={logId} />;
  },
});
