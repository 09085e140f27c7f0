import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireFeature } from '#src/app/guards.ts';
import { OnboardingFlow } from '#src/flows/onboarding/OnboardingFlow.tsx';
import { pageNames } from '#src/ui/page-names.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';

export const Route = createFileRoute('/_console/onboarding/create-tenant')({
  beforeLoad: requireFeature('onboarding'),
  // The onboarding area is light-only (spec 01 §2).
  staticData: { colorScheme: 'light' },
  component: OnboardingPage,
});

function OnboardingPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(pageNames.onboarding));
  return <OnboardingFlow />;
}
