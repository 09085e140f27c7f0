import { createFileRoute } from '@tanstack/react-router';
import { TabPlaceholder } from '../../../../pages/tenant-settings/TabPlaceholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/tenant-settings/subscription')({
  component: () => <TabPlaceholder tab="subscription" />,
});
