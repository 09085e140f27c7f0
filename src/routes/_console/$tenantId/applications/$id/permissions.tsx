import { createFileRoute } from '@tanstack/react-router';
import { ApplicationTab } from '#src/pages/applications/details/ApplicationTab.tsx';
import { PermissionsTab } from '#src/pages/applications/details/PermissionsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/$id/permissions')({
  component: () => (
    <ApplicationTab segment="permissions">
      <PermissionsTab />
    </ApplicationTab>
  ),
});
