import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { Role } from '#schemas/role.ts';
import { roleQueries, useDeleteRole } from '#src/data/roles.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { DetailHeader } from '#src/ui/detail/DetailHeader.tsx';
import { DetailLayout } from '#src/ui/detail/DetailLayout.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { RoleIcon } from '../RoleIcon.tsx';
import { RoleTags } from '../RoleTags.tsx';
import { MachineToMachineRoleNotice } from './MachineToMachineRoleNotice.tsx';
import { roleTabs } from './tabs.ts';

/** A role's details: the header, the tabs, and the current tab. */
export function RoleLayout() {
  const { t } = useLingui();
  return (
    <DetailLayout detail={roleQueries.detail} tabs={roleTabs} tabsLabel={t`Role tabs`}>
      {(role) => <RoleHeader role={role} />}
    </DetailLayout>
  );
}

function RoleHeader({ role }: { role: Role }) {
  const { t } = useLingui();
  const { tenantId } = useTenantScope();
  const navigate = useNavigate();
  const deleteRole = useDeleteRole();
  usePageTitle(role.name);

  const remove = async () => {
    await deleteRole.mutateAsync(role.id);
    notifications.show({ color: 'green', message: t`${role.name} deleted` });
    await navigate({ to: '/$tenantId/roles', params: { tenantId }, replace: true, ignoreBlocker: true });
  };

  return (
    <>
      <DetailHeader
        icon={<RoleIcon role={role} size="xl" />}
        title={role.name}
        idLabel={t`ID`}
        id={role.id}
        tags={<RoleTags role={role} long />}
        remove={{
          title: t`Delete role`,
          message:
            role.type === 'User'
              ? t`The users with ${role.name} lose its permissions: their next access tokens no longer carry them.`
              : t`The machine-to-machine apps with ${role.name} lose its permissions: their next access tokens no longer carry them.`,
          onConfirmed: () => void remove().catch(() => {}),
        }}
      />
      {role.type === 'MachineToMachine' && <MachineToMachineRoleNotice />}
    </>
  );
}
