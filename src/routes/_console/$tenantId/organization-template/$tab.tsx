import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '../../../../app/guards.ts';
import { pageTabs } from '../../../../pages/names.ts';
import { Placeholder } from '../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/organization-template/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.organizationTemplate, params.tab),
  component: function OrganizationTemplateTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="organizationTemplate" tab={tab} />;
  },
});
