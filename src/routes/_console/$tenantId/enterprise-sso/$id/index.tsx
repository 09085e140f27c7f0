import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/enterprise-sso/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/enterprise-sso/$id/$tab', params: { ...params, tab: 'connection' }, replace: true });
  },
});
