import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Role } from '#schemas/role.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useAssignUserRoles, userQueries } from '#src/data/users.ts';
import { AssignModal } from '#src/ui/pickers/AssignModal.tsx';
import { writeThenClose } from '#src/ui/write-then-close.ts';
import { roleQueries } from '#src/data/roles.ts';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import { PagedPicker, PickerEmpty } from '#src/ui/pickers/PagedPicker.tsx';

export type AssignUserRolesModalProps = { tenantId: string; user: { id: string; title: string }; onClose: () => void };

/** Gives a user User roles they do not have yet, from a two-pane picker (users.md §4, tab roles). */
export function AssignUserRolesModal({ tenantId, user, onClose }: AssignUserRolesModalProps) {
  const { t } = useLingui();
  const users = useTenantQueries(userQueries);
  const roles = useTenantQueries(roleQueries);
  const [chosen, setChosen] = useState<Role[]>([]);
  const assign = useAssignUserRoles(user.id);

  const submit = () =>
    writeThenClose({
      write: () => assign.mutateAsync(chosen.map(({ id }) => id)),
      done: t`Roles assigned`,
      onClose,
    });

  return (
    <AssignModal
      title={t`Assign roles`}
      intro={t`${user.title} gets the permissions of these roles in their next access tokens.`}
      dismissLabel={t`Cancel`}
      nothingChosen={chosen.length === 0}
      assigning={assign.isPending}
      onAssign={() => void submit()}
      onClose={onClose}
    >
      <PagedPicker
        label={t`Roles`}
        searchLabel={t`Search roles`}
        queryOf={(query) => users.assignableRoles(user.id, query)}
        itemOf={({ id, name, description }) => ({ id, name, detail: description })}
        anyQuery={roles.list({ page: 1, pageSize: 1, type: 'User' })}
        emptyText={(q, noneYet) =>
          q ? (
            <PickerEmpty text={t`No role matches "${q}".`} />
          ) : noneYet ? (
            <PickerEmpty
              text={t`There are no user roles yet.`}
              action={
                <LinkAnchor to="/$tenantId/roles/create" params={{ tenantId }} fz="sm">
                  {t`Create role`}
                </LinkAnchor>
              }
            />
          ) : (
            <PickerEmpty text={t`The user already has every user role.`} />
          )
        }
        value={chosen}
        onChange={setChosen}
      />
    </AssignModal>
  );
}
