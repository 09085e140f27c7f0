import { useState } from 'react';
import { ActionIcon, Badge, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Scope } from '../../../../schemas/resource.ts';
import { resourceQueries, useDeleteScope } from '../../../data/resources.ts';
import { useConfirmDialog } from '../../../flows/confirm-dialog/useConfirmDialog.tsx';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/table/EmptyState.tsx';
import { DataTable, type Column } from '../../../ui/table/DataTable.tsx';
import { SearchInput } from '../../../ui/table/SearchInput.tsx';
import { useListSearch } from '../../../ui/table/useListSearch.ts';
import { PermissionModal } from './PermissionModal.tsx';
import { useResource } from './useResource.ts';

/** The permissions of an API resource: search, create, edit the description and delete; read-only for the management API. */
export function PermissionsTab() {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId, resource } = useResource();
  const { search, query, setQ, setPage } = useListSearch();
  const list = useQuery(resourceQueries.scopes(api, tenantId, resource.id, query));
  const deleteScope = useDeleteScope(tenantId, resource.id);
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
    {
      key: 'name',
      title: t`Permission name`,
      render: (scope) => (
        <Badge variant="light" color="gray" tt="none" radius="sm" fw={500} style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
          {scope.name}
        </Badge>
      ),
    },
    { key: 'description', title: t`Description`, render: (scope) => scope.description || <Text span c="dimmed">—</Text> },
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
    <Stack gap="md">
      {confirmation.dialog}
      <Group justify="space-between">
        <Title order={2} fz="h3">
          <Trans>Permissions</Trans>
        </Title>
        {create}
      </Group>
      <SearchInput label={t`Search by name or description`} value={search.q} onSearch={setQ} />
      <DataTable
        label={t`Permissions`}
        columns={columns}
        list={list}
        rowKey={(scope) => scope.id}
        empty={
          <EmptyState
            message={search.q ? t`No permission matches "${search.q}".` : t`No permissions yet. Permissions are what roles grant and access tokens carry.`}
            action={!search.q && create}
          />
        }
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={setPage}
      />
      {editing && (
        <PermissionModal tenantId={tenantId} resourceId={resource.id} scope={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />
      )}
    </Stack>
  );
}
