import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/webhooks/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/webhooks/$id/settings', params, replace: true });
  },
});
