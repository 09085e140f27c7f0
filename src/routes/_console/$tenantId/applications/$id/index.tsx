import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/applications/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/applications/$id/settings', params, replace: true });
  },
});
