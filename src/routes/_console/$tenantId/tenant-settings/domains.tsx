import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/tenant-settings/domains')({
  component: () => <Placeholder page="tenantSettings" tab="domains" />,
});
