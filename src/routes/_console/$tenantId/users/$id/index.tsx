import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/users/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/users/$id/settings', params, replace: true });
  },
});
