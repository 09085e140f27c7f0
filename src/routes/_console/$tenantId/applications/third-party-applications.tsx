import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/third-party-applications')({
  component: () => <Placeholder page="applications" tab="third-party-applications" />,
});
