import type { Role } from '#schemas/role.ts';
import type { PageTab } from '#src/ui/detail/TabNav.tsx';
import { tabNames } from '#src/ui/page-names.ts';

/**
 * The tabs of a role (spec 02 §2): permissions (the default), the users of a User role or the machine-to-machine apps
 * of an M2M role, and general.
 */
export const roleTabs: PageTab<Role>[] = [
  { segment: 'permissions', title: tabNames.permissions, to: '/$tenantId/roles/$id/permissions' },
  { segment: 'users', title: tabNames.users, to: '/$tenantId/roles/$id/users', visible: (role) => role.type === 'User' },
  {
    segment: 'machine-to-machine-apps',
    title: tabNames['machine-to-machine-apps'],
    to: '/$tenantId/roles/$id/machine-to-machine-apps',
    visible: (role) => role.type === 'MachineToMachine',
  },
  { segment: 'general', title: tabNames.general, to: '/$tenantId/roles/$id/general' },
];
