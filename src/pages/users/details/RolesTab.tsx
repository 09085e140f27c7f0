import { useState } from 'react';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Role } from '#schemas/role.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useDetail } from '#src/data/detail.ts';
import { userQueries, useRemoveUserRole } from '#src/data/users.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { descriptionColumn } from '#src/ui/table/description-column.tsx';
import { ListSection } from '#src/ui/table/ListSection.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { nameOfRow, removeColumn } from '#src/ui/table/remove-column.tsx';
import { titleOf } from '#src/ui/users/UserSummary.tsx';
import { AssignUserRolesModal } from './AssignUserRolesModal.tsx';

/** The user's roles: search, assign from a picker and remove (users.md §4, tab roles). */
export function RolesTab() {
  const { t } = useLingui();
  const users = useTenantQueries(userQueries);
  const { tenantId, entity: user } = useDetail(userQueries.detail);
  const listSearch = useListSearch(useSearch({ from: '/_console/$tenantId/users/$id/roles' }));
  const { q } = listSearch.search;
  const list = useQuery(users.roles(user.id, listSearch.query));
  const removeRole = useRemoveUserRole(user.id);
  const confirmation = useConfirmDialog();
  const [assigning, setAssigning] = useState(false);
  const title = titleOf(user);

  const confirmRemove = (role: Role) =>
    confirmation.ask(
      {
        title: t`Remove role`,
        confirmLabel: t`Remove`,
        children: <Text fz="sm">{t`${title} loses the permissions of ${role.name}: their next access tokens no longer carry them.`}</Text>,
      },
      () => removeRole.mutate(role.id),
    );

  const columns: Column<Role>[] = [
    {
      key: 'name',
      title: t`Role`,
      render: (role) => (
        <LinkAnchor to="/$tenantId/roles/$id/permissions" params={{ tenantId, id: role.id }} fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {role.name}
        </LinkAnchor>
      ),
    },
    descriptionColumn(),
    removeColumn(confirmRemove, nameOfRow),
  ];

  return (
    <>
      {confirmation.dialog}
      <ListSection
        title={t`Roles`}
        action={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setAssigning(true)}>
            <Trans>Assign roles</Trans>
          </Button>
        }
        searchLabel={t`Search by name or description`}
        listSearch={listSearch}
        emptyText={q ? t`No role matches "${q}".` : t`This user has no roles yet. Assign roles to give them permissions.`}
        columns={columns}
        list={list}
        rowKey={(role) => role.id}
      />
      {assigning && <AssignUserRolesModal tenantId={tenantId} user={{ id: user.id, title }} onClose={() => setAssigning(false)} />}
    </>
  );
}
