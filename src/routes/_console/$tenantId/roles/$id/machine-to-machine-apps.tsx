import { createFileRoute } from '@tanstack/react-router';
import { readListSearch } from '#schemas/list-search/list.ts';
import { MachineToMachineAppsTab } from '#src/pages/roles/details/MachineToMachineAppsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/roles/$id/machine-to-machine-apps')({
  validateSearch: readListSearch,
  component: MachineToMachineAppsTab,
});
