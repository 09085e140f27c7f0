import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/organization-template/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/organization-template/$tab', params: { ...params, tab: 'organization-roles' }, replace: true });
  },
});
