import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '#src/pages/Placeholder.tsx';
import { requireFeature } from '#src/app/guards.ts';

export const Route = createFileRoute('/_console/$tenantId/dashboard')({
  beforeLoad: requireFeature('dashboard'),
  component: () => <Placeholder page="dashboard" />,
});
