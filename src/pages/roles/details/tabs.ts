import type { Role } from '../../../../schemas/role.ts';
import type { PageTab } from '../../../ui/detail/TabNav.tsx';
import { tabNames } from '../../names.ts';

/**
 * The tabs of a role (spec 02 §2): permissions (the default), the machine-to-machine apps of an M2M role, and general.
 * The users tab of a User role comes with the users pages.
 */
export const roleTabs: PageTab<Role>[] = [
  { segment: 'permissions', title: tabNames.permissions, to: '/$tenantId/roles/$id/permissions' },
  {
    segment: 'machine-to-machine-apps',
    title: tabNames['machine-to-machine-apps'],
    to: '/$tenantId/roles/$id/machine-to-machine-apps',
    visible: (role) => role.type === 'MachineToMachine',
  },
  { segment: 'general', title: tabNames.general, to: '/$tenantId/roles/$id/general' },
];
