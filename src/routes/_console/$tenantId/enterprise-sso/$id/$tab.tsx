import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '#src/app/guards.ts';
import { pageTabs } from '#src/ui/page-names.ts';
import { Placeholder } from '#src/pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/enterprise-sso/$id/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.enterpriseSsoDetails, params.tab),
  component: function EnterpriseSsoDetailsTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="enterpriseSsoDetails" tab={tab} />;
  },
});
