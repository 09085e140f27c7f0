import { useState } from 'react';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDetail } from '#src/data/detail.ts';
import type { RoleUserRow } from '#src/api/management/roles.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { roleQueries, useRemoveUser } from '#src/data/roles.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { ListSection } from '#src/ui/table/ListSection.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { applicationColumn, latestSignInColumn } from '#src/ui/users/user-columns.tsx';
import { titleOf, UserSummary } from '#src/ui/users/UserSummary.tsx';
import { AssignUsersModal } from '../AssignUsersModal.tsx';
import { removeColumn } from '#src/ui/table/remove-column.tsx';

/** The users of a User role (roles.md §1); the layout opens the permissions tab for an M2M role. */
export function UsersTab() {
  const { t } = useLingui();
  const { tenantId, entity: role } = useDetail(roleQueries.detail);
  const roles = useTenantQueries(roleQueries);
  const listSearch = useListSearch(useSearch({ from: '/_console/$tenantId/roles/$id/users' }));
  const { q } = listSearch.search;
  const list = useQuery(roles.users(role.id, listSearch.query));
  const removeUser = useRemoveUser(role.id);
  const confirmation = useConfirmDialog();
  const [assigning, setAssigning] = useState(false);

  const confirmRemove = (user: RoleUserRow) => {
    const title = titleOf(user);
    confirmation.ask(
      {
        title: t`Remove user`,
        confirmLabel: t`Remove`,
        children: <Text fz="sm">{t`${title} loses the permissions of ${role.name}: their next access tokens no longer carry them.`}</Text>,
      },
      () => removeUser.mutate(user.id),
    );
  };

  const columns: Column<RoleUserRow>[] = [
    {
      key: 'user',
      title: t`User`,
      render: (user) => (
        <UserSummary
          user={user}
          title={
            <LinkAnchor to="/$tenantId/users/$id/settings" params={{ tenantId, id: user.id }} fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {titleOf(user)}
            </LinkAnchor>
          }
        />
      ),
    },
    applicationColumn(tenantId),
    latestSignInColumn(),
    removeColumn(confirmRemove, titleOf),
  ];

  return (
    <>
      {confirmation.dialog}
      <ListSection
        title={t`Users`}
        action={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setAssigning(true)}>
            <Trans>Assign users</Trans>
          </Button>
        }
        searchLabel={t`Search by id, e-mail, phone, username or name`}
        listSearch={listSearch}
        emptyText={q ? t`No user matches "${q}".` : t`No users have this role yet.`}
        columns={columns}
        list={list}
        rowKey={(user) => user.id}
      />
      {assigning && <AssignUsersModal tenantId={tenantId} role={role} onClose={() => setAssigning(false)} />}
    </>
  );
}
