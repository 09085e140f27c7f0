import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '../../../../../app/guards.ts';
import { pageTabs } from '../../../../../pages/names.ts';
import { Placeholder } from '../../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/roles/$id/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.roleDetails, params.tab),
  component: function RoleDetailsTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="roleDetails" tab={tab} />;
  },
});
