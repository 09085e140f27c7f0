import { createFileRoute } from '@tanstack/react-router';
import { readListSearch } from '#schemas/list-search/list.ts';
import { UsersTab } from '#src/pages/roles/details/UsersTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/roles/$id/users')({
  validateSearch: readListSearch,
  component: UsersTab,
});
