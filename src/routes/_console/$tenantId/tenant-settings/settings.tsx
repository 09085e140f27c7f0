import { createFileRoute } from '@tanstack/react-router';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { RequireAccess } from '#src/pages/tenant-settings/RequireAccess.tsx';
import { SettingsTab } from '#src/pages/tenant-settings/SettingsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/tenant-settings/settings')({
  component: function TenantSettingsTab() {
    return (
      <RequireAccess allowed={useTenantAccess().canManageTenant}>
        <SettingsTab />
      </RequireAccess>
    );
  },
});
