import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/api-resources/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/api-resources/$id/permissions', params, replace: true });
  },
});
