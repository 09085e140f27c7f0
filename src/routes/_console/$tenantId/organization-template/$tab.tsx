import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '#src/app/guards.ts';
import { pageTabs } from '#src/ui/page-names.ts';
import { Placeholder } from '#src/pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/organization-template/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.organizationTemplate, params.tab),
  component: function OrganizationTemplateTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="organizationTemplate" tab={tab} />;
  },
});
