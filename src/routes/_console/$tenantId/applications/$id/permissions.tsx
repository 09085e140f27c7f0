import { createFileRoute } from '@tanstack/react-router';
import { PermissionsTab } from '#src/pages/applications/details/PermissionsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/$id/permissions')({
  component: PermissionsTab,
});
