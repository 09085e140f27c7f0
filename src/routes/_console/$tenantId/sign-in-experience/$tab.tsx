import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '#src/app/guards.ts';
import { pageTabs } from '#src/ui/page-names.ts';
import { Placeholder } from '#src/pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/sign-in-experience/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.signInExperience, params.tab),
  component: function SignInExperienceTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="signInExperience" tab={tab} />;
  },
});
