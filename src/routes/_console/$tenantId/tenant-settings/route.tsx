import { createFileRoute } from '@tanstack/react-router';
import { requireFeature } from '#src/app/guards.ts';
import { TenantSettingsLayout } from '#src/pages/tenant-settings/TenantSettingsLayout.tsx';

/** Cloud only. The member's access flags decide which tabs exist. */
export const Route = createFileRoute('/_console/$tenantId/tenant-settings')({
  beforeLoad: requireFeature('tenantSettings'),
  component: TenantSettingsLayout,
});
