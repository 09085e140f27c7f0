import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/sign-in-experience/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$tenantId/sign-in-experience/$tab', params: { ...params, tab: 'branding' }, replace: true });
  },
});
