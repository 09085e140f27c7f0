import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/organizations/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/organizations/$id/$tab', params: { ...params, tab: 'settings' }, replace: true });
  },
});
