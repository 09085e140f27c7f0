import { useState } from 'react';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RoleScope } from '#schemas/role.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useDetail } from '#src/data/detail.ts';
import { roleQueries, useRemoveScope } from '#src/data/roles.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { descriptionColumn } from '#src/ui/table/description-column.tsx';
import { ListSection } from '#src/ui/table/ListSection.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { scopeNameColumn } from '#src/ui/table/scope-name-column.tsx';
import { AssignPermissionsModal } from '../AssignPermissionsModal.tsx';
import { nameOfRow, removeColumn } from '#src/ui/table/remove-column.tsx';

/**
 * The role's permissions with their API: search, assign and remove. A permission is edited on its API resource, which
 * the API column links to, since every role that holds it would change.
 */
export function PermissionsTab() {
  const { t } = useLingui();
  const roles = useTenantQueries(roleQueries);
  const { tenantId, entity: role } = useDetail(roleQueries.detail);
  const listSearch = useListSearch(useSearch({ from: '/_console/$tenantId/roles/$id/permissions' }));
  const list = useQuery(roles.scopes(role.id, listSearch.query));
  const removeScope = useRemoveScope(role.id);
  const confirmation = useConfirmDialog();
  const [assigning, setAssigning] = useState(false);

  const confirmRemove = (scope: RoleScope) =>
    confirmation.ask(
      {
        title: t`Remove permission`,
        confirmLabel: t`Remove`,
        children: <Text fz="sm">{t`${scope.name} is removed from ${role.name}; the next access tokens no longer carry it.`}</Text>,
      },
      () => removeScope.mutate(scope.id),
    );

  const columns: Column<RoleScope>[] = [
    scopeNameColumn(),
    descriptionColumn(),
    {
      key: 'api',
      title: t`API resource`,
      render: (scope) => (
        <LinkAnchor to="/$tenantId/api-resources/$id/permissions" params={{ tenantId, id: scope.resource.id }} fz="sm">
          {scope.resource.name}
        </LinkAnchor>
      ),
    },
    removeColumn(confirmRemove, nameOfRow),
  ];

  return (
    <>
      {confirmation.dialog}
      <ListSection
        title={t`Permissions`}
        action={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setAssigning(true)}>
            <Trans>Assign permissions</Trans>
          </Button>
        }
        searchLabel={t`Search by name or description`}
        listSearch={listSearch}
        emptyText={
          listSearch.search.q ? t`No permission matches "${listSearch.search.q}".` : t`No permissions yet. Assign permissions of your API resources to this role.`
        }
        columns={columns}
        list={list}
        rowKey={(scope) => scope.id}
      />
      {assigning && <AssignPermissionsModal tenantId={tenantId} role={role} onClose={() => setAssigning(false)} />}
    </>
  );
}
