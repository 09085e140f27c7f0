import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '../../../../../app/guards.ts';
import { pageTabs } from '../../../../../pages/names.ts';
import { Placeholder } from '../../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/api-resources/$id/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.apiResourceDetails, params.tab),
  component: function ApiResourceDetailsTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="apiResourceDetails" tab={tab} />;
  },
});
