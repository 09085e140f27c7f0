import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/users/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/users/$id/$tab', params: { ...params, tab: 'settings' }, replace: true });
  },
});
