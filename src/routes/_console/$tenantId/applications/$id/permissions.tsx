import { createFileRoute } from '@tanstack/react-router';
import { ApplicationTab } from '../../../../../pages/applications/details/ApplicationTab.tsx';
import { PermissionsTab } from '../../../../../pages/applications/details/PermissionsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/$id/permissions')({
  component: () => (
    <ApplicationTab segment="permissions">
      <PermissionsTab />
    </ApplicationTab>
  ),
});
