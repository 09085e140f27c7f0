import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '#src/app/guards.ts';
import { pageTabs } from '#src/ui/page-names.ts';
import { Placeholder } from '#src/pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/organizations/$id/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.organizationDetails, params.tab),
  component: function OrganizationDetailsTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="organizationDetails" tab={tab} />;
  },
});
