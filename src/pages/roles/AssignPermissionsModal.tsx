import { useState } from 'react';
import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Role } from '#schemas/role.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { roleQueries, useAssignScopes } from '#src/data/roles.ts';
import { quotaHandles, useQuotaNotice } from '#src/ui/form/useQuotaNotice.ts';
import { QuotaExceededNotice } from '#src/ui/notices/QuotaExceededNotice.tsx';
import { ListLoadError } from '#src/ui/table/ListLoadError.tsx';
import { AssignModal } from '#src/ui/pickers/AssignModal.tsx';
import { PermissionsPicker } from '#src/ui/pickers/PermissionsPicker.tsx';
import { useRoleQuota } from './useRoleQuota.ts';

export type AssignPermissionsModalProps = { tenantId: string; role: Role; onClose: () => void };

/** Adds permissions to a role: the picker without those it holds, within the plan's permissions per role. */
export function AssignPermissionsModal({ tenantId, role, onClose }: AssignPermissionsModalProps) {
  const { t } = useLingui();
  const roles = useTenantQueries(roleQueries);
  const { planId } = useCurrentTenant();
  const held = useQuery(roles.allScopes(role.id));
  const [chosen, setChosen] = useState<string[]>([]);
  const assign = useAssignScopes(role.id, { handles: quotaHandles });
  const quota = useQuotaNotice();
  const beyond = useRoleQuota()?.exceededBy({ type: role.type, scopeCount: (held.data?.length ?? 0) + chosen.length, creating: false }) ?? [];
  const exceeded = quota.exceeded ?? (beyond.length ? beyond : undefined);

  const submit = async () => {
    quota.clear();
    try {
      await assign.mutateAsync(chosen);
      onClose();
    } catch (error) {
      // Any other failure the kit has toasted; the modal stays.
      quota.catch(error);
    }
  };

  const picker = () => {
    if (held.isError && !held.data) return <ListLoadError onRetry={() => void held.refetch()} />;
    if (!held.data) return <Skeleton h={120} aria-hidden="true" />;
    return (
      <PermissionsPicker tenantId={tenantId} roleType={role.type} excluded={new Set(held.data.map(({ id }) => id))} value={chosen} onChange={setChosen} />
    );
  };

  return (
    <AssignModal
      title={t`Assign permissions`}
      intro={t`The users or apps with ${role.name} get these permissions in their next access tokens.`}
      notice={exceeded && <QuotaExceededNotice keys={exceeded} planId={planId} hint={<Trans>Upgrade the plan for more roles and more permissions per role.</Trans>} />}
      blocked={beyond.length > 0}
      dismissLabel={t`Cancel`}
      nothingChosen={chosen.length === 0}
      assigning={assign.isPending}
      onAssign={() => void submit()}
      onClose={onClose}
    >
      {picker()}
    </AssignModal>
  );
}
