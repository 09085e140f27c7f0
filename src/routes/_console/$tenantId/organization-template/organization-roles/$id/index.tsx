import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/organization-template/organization-roles/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/organization-template/organization-roles/$id/$tab', params: { ...params, tab: 'permissions' }, replace: true });
  },
});
