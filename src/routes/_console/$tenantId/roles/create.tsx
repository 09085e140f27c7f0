import { createFileRoute } from '@tanstack/react-router';
import { RolesPage } from '#src/pages/roles/RolesPage.tsx';
import { CreateRoleModal } from '#src/pages/roles/CreateRoleModal.tsx';
import { readRoleListSearch } from '#schemas/list-search/roles.ts';

/** The list with the create modal over it. */
export const Route = createFileRoute('/_console/$tenantId/roles/create')({
  validateSearch: readRoleListSearch,
  component: function CreateRole() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <>
        <RolesPage search={search} />
        <CreateRoleModal onClose={() => void navigate({ to: '/$tenantId/roles', search })} />
      </>
    );
  },
});
