import { createFileRoute } from '@tanstack/react-router';
import { readWebhookListSearch } from '#schemas/list-search/webhooks.ts';
import { CreateWebhookModal } from '#src/pages/webhooks/CreateWebhookModal.tsx';
import { WebhooksPage } from '#src/pages/webhooks/WebhooksPage.tsx';

/** The list with the create modal over it. */
export const Route = createFileRoute('/_console/$tenantId/webhooks/create')({
  validateSearch: readWebhookListSearch,
  component: function CreateWebhook() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <>
        <WebhooksPage search={search} />
        <CreateWebhookModal onClose={() => void navigate({ to: '/$tenantId/webhooks', search })} />
      </>
    );
  },
});
