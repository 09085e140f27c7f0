import { useState } from 'react';
import { ActionIcon, Group, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Scope } from '#schemas/resource.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useDetail } from '#src/data/detail.ts';
import { resourceQueries, useDeleteScope } from '#src/data/resources.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { descriptionColumn } from '#src/ui/table/description-column.tsx';
import { ListSection } from '#src/ui/table/ListSection.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { scopeNameColumn } from '#src/ui/table/scope-name-column.tsx';
import { PermissionModal } from './PermissionModal.tsx';

/** The permissions of an API resource: search, create, edit the description and delete; read-only for the management API. */
export function PermissionsTab() {
  const { t } = useLingui();
  const resources = useTenantQueries(resourceQueries);
  const { entity: resource } = useDetail(resourceQueries.detail);
  const listSearch = useListSearch(useSearch({ from: '/_console/$tenantId/api-resources/$id/permissions' }));
  const list = useQuery(resources.scopes(resource.id, listSearch.query));
  const deleteScope = useDeleteScope(resource.id);
  const confirmation = useConfirmDialog();
  const [editing, setEditing] = useState<Scope | 'new'>();
  const editable = !resource.isBuiltIn;

  const confirmDelete = (scope: Scope) =>
    confirmation.ask(
      {
        title: t`Delete permission`,
        confirmLabel: t`Delete`,
        children: <Text fz="sm">{t`${scope.name} is removed from every role that has it, and the next tokens no longer carry it.`}</Text>,
      },
      () => deleteScope.mutate(scope.id),
    );

  const columns: Column<Scope>[] = [
    scopeNameColumn(),
    descriptionColumn(),
    ...(editable
      ? [
          {
            key: 'actions',
            title: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
            width: 96,
            render: (scope: Scope) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ActionIcon variant="subtle" color="gray" aria-label={t`Edit ${scope.name}`} onClick={() => setEditing(scope)}>
                  <IconPencil size={16} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={t`Delete ${scope.name}`} onClick={() => confirmDelete(scope)}>
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            ),
          },
        ]
      : []),
  ];

  const create = editable && (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
      <Trans>Create permission</Trans>
    </Button>
  );

  return (
    <>
      {confirmation.dialog}
      <ListSection
        title={t`Permissions`}
        action={create}
        searchLabel={t`Search by name or description`}
        listSearch={listSearch}
        emptyText={listSearch.search.q ? t`No permission matches "${listSearch.search.q}".` : t`No permissions yet. Permissions are what roles grant and access tokens carry.`}
        columns={columns}
        list={list}
        rowKey={(scope) => scope.id}
      />
      {editing && (
        <PermissionModal resourceId={resource.id} scope={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}
