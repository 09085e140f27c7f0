import { createFileRoute, notFound } from '@tanstack/react-router';
import { Placeholder } from '../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/tenant-settings/settings')({
  beforeLoad: ({ context }) => {
    if (!(context.access.canManageTenant)) throw notFound();
  },
  component: () => <Placeholder page="tenantSettings" tab="settings" />,
});
