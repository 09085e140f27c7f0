import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '#src/app/guards.ts';
import { pageTabs } from '#src/ui/page-names.ts';
import { Placeholder } from '#src/pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/webhooks/$id/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.webhookDetails, params.tab),
  component: function WebhookDetailsTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="webhookDetails" tab={tab} />;
  },
});
