import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '#src/app/guards.ts';
import { signInExperienceQueries } from '#src/data/sign-in-experience.ts';
import { pageTabs } from '#src/ui/page-names.ts';
import { SignInExperiencePage } from '#src/pages/sign-in-experience/SignInExperiencePage.tsx';
import type { SignInExperienceTab } from '#src/pages/sign-in-experience/form.ts';

export const Route = createFileRoute('/_console/$tenantId/sign-in-experience/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.signInExperience, params.tab),
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(signInExperienceQueries.detail(context.api, params.tenantId)),
  component: function SignInExperienceTab() {
    const { tab } = Route.useParams();
    return <SignInExperiencePage tab={tab as SignInExperienceTab} />;
  },
});
