import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';

/** Opens on settings for members who can manage the tenant, otherwise on members (spec 02 §2). */
export const Route = createFileRoute('/_console/$tenantId/tenant-settings/')({
  component: function TenantSettingsIndex() {
    const params = Route.useParams();
    const { canManageTenant } = useTenantAccess();
    return canManageTenant ? (
      <Navigate to="/$tenantId/tenant-settings/settings" params={params} replace />
    ) : (
      <Navigate to="/$tenantId/tenant-settings/members" params={params} replace />
    );
  },
});
