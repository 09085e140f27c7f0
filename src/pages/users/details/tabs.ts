import type { TenantUser } from '#schemas/tenant-user.ts';
import type { PageTab } from '#src/ui/detail/TabNav.tsx';
import { tabNames } from '#src/ui/page-names.ts';

/**
 * The tabs of a user (spec 02 §2): settings (the default), roles, logs and organizations. The logs tab is the audit
 * log's table filtered to the user (src/pages/audit-logs/LogsTab.tsx).
 */
export const userTabs: PageTab<TenantUser>[] = [
  { segment: 'settings', title: tabNames.settings, to: '/$tenantId/users/$id/settings' },
  { segment: 'roles', title: tabNames.roles, to: '/$tenantId/users/$id/roles' },
  { segment: 'logs', title: tabNames.logs, to: '/$tenantId/users/$id/logs' },
  { segment: 'organizations', title: tabNames.organizations, to: '/$tenantId/users/$id/organizations' },
];
