import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../../pages/Placeholder.tsx';
import { requireFeature } from '../../../app/guards.ts';

export const Route = createFileRoute('/_console/onboarding/create-tenant')({
  beforeLoad: requireFeature('onboarding'),
  component: () => <Placeholder page="onboarding" />,
});
