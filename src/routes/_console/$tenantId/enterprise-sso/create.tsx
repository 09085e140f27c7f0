import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '#src/pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/enterprise-sso/create')({
  component: () => <Placeholder page="createEnterpriseSso" />,
});
