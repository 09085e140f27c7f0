import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../../pages/Placeholder.tsx';
import { requireFeature } from '../../../app/guards.ts';

export const Route = createFileRoute('/_console/$tenantId/get-started')({
  beforeLoad: requireFeature('getStarted'),
  component: () => <Placeholder page="getStarted" />,
});
