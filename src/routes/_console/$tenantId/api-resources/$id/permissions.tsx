import { createFileRoute } from '@tanstack/react-router';
import { PermissionsTab } from '#src/pages/api-resources/details/PermissionsTab.tsx';
import { readListSearch } from '#schemas/list-search/list.ts';

export const Route = createFileRoute('/_console/$tenantId/api-resources/$id/permissions')({
  validateSearch: readListSearch,
  component: PermissionsTab,
});
