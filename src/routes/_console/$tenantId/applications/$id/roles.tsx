import { createFileRoute } from '@tanstack/react-router';
import { readListSearch } from '#schemas/list-search/list.ts';
import { ApplicationTab } from '#src/pages/applications/details/ApplicationTab.tsx';
import { RolesTab } from '#src/pages/applications/details/RolesTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/$id/roles')({
  validateSearch: readListSearch,
  component: () => (
    <ApplicationTab segment="roles">
      <RolesTab />
    </ApplicationTab>
  ),
});
