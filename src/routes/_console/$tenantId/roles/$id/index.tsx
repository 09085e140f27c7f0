import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/roles/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/roles/$id/permissions', params, replace: true });
  },
});
