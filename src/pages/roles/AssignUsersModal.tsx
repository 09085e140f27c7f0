import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Role } from '#schemas/role.ts';
import type { TenantUserListItem } from '#schemas/tenant-user.ts';
import { useAssignUsers } from '#src/data/roles.ts';
import { AssignModal } from '#src/ui/pickers/AssignModal.tsx';
import { writeThenClose } from '#src/ui/write-then-close.ts';
import { UsersPicker } from '#src/ui/pickers/UsersPicker.tsx';

export type AssignUsersModalProps = {
  tenantId: string;
  role: Pick<Role, 'id' | 'name'>;
  onClose: () => void;
};

/** Gives a User role to users that do not hold it yet (roles.md §4, tab users). */
export function AssignUsersModal({ tenantId, role, onClose }: AssignUsersModalProps) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<TenantUserListItem[]>([]);
  const assign = useAssignUsers(role.id);

  const submit = () =>
    writeThenClose({
      write: () => assign.mutateAsync(chosen.map(({ id }) => id)),
      done: t`${role.name} assigned`,
      onClose,
    });

  return (
    <AssignModal
      title={t`Assign users`}
      intro={t`Users with ${role.name} get its permissions in their next access tokens.`}
      dismissLabel={t`Cancel`}
      nothingChosen={chosen.length === 0}
      assigning={assign.isPending}
      onAssign={() => void submit()}
      onClose={onClose}
    >
      <UsersPicker tenantId={tenantId} roleId={role.id} value={chosen} onChange={setChosen} />
    </AssignModal>
  );
}
