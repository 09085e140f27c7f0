import { createFileRoute } from '@tanstack/react-router';
import { CreateUserModal } from '#src/pages/users/create/CreateUserModal.tsx';
import { UsersPage } from '#src/pages/users/UsersPage.tsx';
import { readUserListSearch } from '#schemas/list-search/users.ts';

/** The list with the create modal over it; closing goes back to the list with its search. */
export const Route = createFileRoute('/_console/$tenantId/users/create')({
  validateSearch: readUserListSearch,
  component: function CreateUser() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <>
        <UsersPage search={search} />
        <CreateUserModal onClose={() => void navigate({ to: '/$tenantId/users', search })} />
      </>
    );
  },
});
