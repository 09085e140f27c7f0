import { createFileRoute } from '@tanstack/react-router';
import { useTenantAccess } from '../../../../flows/scope-reconciliation/access.ts';
import { RequireAccess } from '../../../../pages/tenant-settings/RequireAccess.tsx';
import { SettingsTab } from '../../../../pages/tenant-settings/SettingsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/tenant-settings/settings')({
  component: function TenantSettingsTab() {
    return (
      <RequireAccess allowed={useTenantAccess().canManageTenant}>
        <SettingsTab />
      </RequireAccess>
    );
  },
});
