import { createFileRoute } from '@tanstack/react-router';
import { TabPlaceholder } from '#src/pages/tenant-settings/TabPlaceholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/tenant-settings/domains')({
  component: () => <TabPlaceholder tab="domains" />,
});
