import { createFileRoute, notFound } from '@tanstack/react-router';
import { Placeholder } from '../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/tenant-settings/billing-history')({
  beforeLoad: ({ context }) => {
    if (!(context.access.canManageTenant && !context.isDevelopmentTenant)) throw notFound();
  },
  component: () => <Placeholder page="tenantSettings" tab="billing-history" />,
});
