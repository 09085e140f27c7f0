import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate, useParams, useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { Role } from '#schemas/role.ts';
import { roleQueries, useDeleteRole } from '#src/data/roles.ts';
import { DetailHeader } from '#src/ui/detail/DetailHeader.tsx';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import { TabNav } from '#src/ui/detail/TabNav.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { RoleIcon } from '../RoleIcon.tsx';
import { RoleTags } from '../RoleTags.tsx';
import { MachineToMachineRoleNotice } from './MachineToMachineRoleNotice.tsx';
import { roleTabs } from './tabs.ts';

/** A role's details: the header, the tabs, and the current tab. */
export function RoleLayout() {
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId, id } = useParams({ from: '/_console/$tenantId/roles/$id' });
  const query = useQuery(roleQueries.detail(api, tenantId, id));
  return <DetailQueryState query={query}>{(role) => <RoleDetails tenantId={tenantId} role={role} />}</DetailQueryState>;
}

function RoleDetails({ tenantId, role }: { tenantId: string; role: Role }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const deleteRole = useDeleteRole();
  usePageTitle(role.name);

  const remove = async () => {
    await deleteRole.mutateAsync(role.id);
    notifications.show({ color: 'green', message: t`${role.name} deleted` });
    await navigate({ to: '/$tenantId/roles', params: { tenantId }, replace: true, ignoreBlocker: true });
  };

  return (
    <Stack gap="lg" p="md">
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
      <TabNav label={t`Role tabs`} tabs={roleTabs} subject={role} params={{ tenantId, id: role.id }} />
      <Outlet />
    </Stack>
  );
}
