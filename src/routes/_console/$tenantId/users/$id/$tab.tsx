import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '../../../../../app/guards.ts';
import { pageTabs } from '../../../../../pages/names.ts';
import { Placeholder } from '../../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/users/$id/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.userDetails, params.tab),
  component: function UserDetailsTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="userDetails" tab={tab} />;
  },
});
