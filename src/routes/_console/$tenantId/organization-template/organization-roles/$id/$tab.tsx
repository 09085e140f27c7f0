import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '#src/app/guards.ts';
import { pageTabs } from '#src/ui/page-names.ts';
import { Placeholder } from '#src/pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/organization-template/organization-roles/$id/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.organizationRoleDetails, params.tab),
  component: function OrganizationRoleDetailsTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="organizationRoleDetails" tab={tab} />;
  },
});
