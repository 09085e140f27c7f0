import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/api-resources/create')({
  component: () => <Placeholder page="createApiResource" />,
});
