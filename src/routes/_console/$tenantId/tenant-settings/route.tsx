import { createFileRoute } from '@tanstack/react-router';
import { requireFeature } from '../../../../app/guards.ts';
import { tenantAccessOf, tenantScopesOf } from '../../../../rules/tenant-access.ts';

/** Cloud only. The member's access flags decide which tabs exist. */
export const Route = createFileRoute('/_console/$tenantId/tenant-settings')({
  beforeLoad: async ({ context, params }) => {
    requireFeature('tenantSettings')({ context });
    const access = tenantAccessOf(tenantScopesOf(await context.organizationRoles(), params.tenantId));
    const tenant = context.tenants.find(({ id }) => id === params.tenantId);
    return { access, isDevelopmentTenant: tenant?.tag === 'development' };
  },
});
