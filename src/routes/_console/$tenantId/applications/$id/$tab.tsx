import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '../../../../../app/guards.ts';
import { pageTabs } from '../../../../../pages/names.ts';
import { Placeholder } from '../../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/$id/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.applicationDetails, params.tab),
  component: function ApplicationDetailsTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="applicationDetails" tab={tab} />;
  },
});
