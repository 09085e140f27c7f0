import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/$tenantId/tenant-settings/')({
  beforeLoad: ({ context, params }) => {
    throw context.access.canManageTenant
      ? redirect({ to: '/$tenantId/tenant-settings/settings', params, replace: true })
      : redirect({ to: '/$tenantId/tenant-settings/members', params, replace: true });
  },
});
