import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Application } from '#schemas/application.ts';
import type { Role } from '#schemas/role.ts';
import { useAssignApplications } from '#src/data/roles.ts';
import { AssignModal } from '#src/ui/pickers/AssignModal.tsx';
import { writeThenClose } from '#src/ui/write-then-close.ts';
import { ApplicationsPicker } from '#src/ui/pickers/ApplicationsPicker.tsx';

export type AssignApplicationsModalProps = {
  tenantId: string;
  role: Pick<Role, 'id' | 'name'>;
  /** The button that closes without assigning: "Cancel", or "Skip for now" right after the role is created. */
  dismissLabel: string;
  /** Called when the modal closes, whether apps were assigned or not. */
  onClose: () => void;
};

/** Gives a machine-to-machine role to machine-to-machine apps that do not hold it yet. */
export function AssignApplicationsModal({ tenantId, role, dismissLabel, onClose }: AssignApplicationsModalProps) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<Application[]>([]);
  const assign = useAssignApplications(role.id);

  const submit = () =>
    writeThenClose({
      write: () => assign.mutateAsync(chosen.map(({ id }) => id)),
      done: t`${role.name} assigned`,
      onClose,
    });

  return (
    <AssignModal
      title={t`Assign applications`}
      intro={t`Machine-to-machine apps with ${role.name} get its permissions in their next access tokens.`}
      dismissLabel={dismissLabel}
      nothingChosen={chosen.length === 0}
      assigning={assign.isPending}
      onAssign={() => void submit()}
      onClose={onClose}
    >
      <ApplicationsPicker tenantId={tenantId} roleId={role.id} value={chosen} onChange={setChosen} />
    </AssignModal>
  );
}
