import type { Application } from '#schemas/application.ts';
import type { PageTab } from '#src/ui/detail/TabNav.tsx';
import { tabNames } from '#src/ui/page-names.ts';

const isMachineToMachine = (application: Application) => application.type === 'MachineToMachine';

/**
 * The tabs of an app that fit its type (applications.md §1): settings and logs for all, roles for machine-to-machine
 * apps, branding for first-party apps that sign users in, permissions for third-party apps. Organizations come with
 * organizations.
 */
export const applicationTabs: PageTab<Application>[] = [
  { segment: 'settings', title: tabNames.settings, to: '/$tenantId/applications/$id/settings' },
  { segment: 'roles', title: tabNames.roles, to: '/$tenantId/applications/$id/roles', visible: isMachineToMachine },
  // Every app's sign-ins and token requests; a machine-to-machine app's without the User column.
  { segment: 'logs', title: tabNames.logs, to: '/$tenantId/applications/$id/logs' },
  {
    segment: 'branding',
    title: tabNames.branding,
    to: '/$tenantId/applications/$id/branding',
    visible: (application) => !application.isThirdParty && !isMachineToMachine(application),
  },
  { segment: 'permissions', title: tabNames.permissions, to: '/$tenantId/applications/$id/permissions', visible: (application) => application.isThirdParty },
];
