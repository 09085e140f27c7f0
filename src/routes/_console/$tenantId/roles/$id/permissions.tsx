import { createFileRoute } from '@tanstack/react-router';
import { readListSearch } from '#schemas/list-search/list.ts';
import { PermissionsTab } from '#src/pages/roles/details/PermissionsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/roles/$id/permissions')({
  validateSearch: readListSearch,
  component: PermissionsTab,
});
