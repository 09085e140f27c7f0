import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireFeature } from '#src/app/guards.ts';

export const Route = createFileRoute('/_console/onboarding/')({
  beforeLoad: (options) => {
    requireFeature('onboarding')(options);
    throw redirect({ to: '/onboarding/create-tenant', replace: true });
  },
});
