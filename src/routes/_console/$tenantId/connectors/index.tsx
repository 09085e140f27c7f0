import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/connectors/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/connectors/$tab', params: { ...params, tab: 'passwordless' }, replace: true });
  },
});
