import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '../../../../../app/guards.ts';
import { pageTabs } from '../../../../../pages/names.ts';
import { Placeholder } from '../../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/webhooks/$id/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.webhookDetails, params.tab),
  component: function WebhookDetailsTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="webhookDetails" tab={tab} />;
  },
});
