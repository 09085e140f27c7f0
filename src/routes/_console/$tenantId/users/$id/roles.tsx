import { createFileRoute } from '@tanstack/react-router';
import { readListSearch } from '#schemas/list-search/list.ts';
import { RolesTab } from '#src/pages/users/details/RolesTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/users/$id/roles')({
  validateSearch: readListSearch,
  component: RolesTab,
});
