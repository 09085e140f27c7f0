import { useState } from 'react';
import { ActionIcon, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Role } from '#schemas/role.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useDetail } from '#src/data/detail.ts';
import { applicationQueries, useRemoveRole } from '#src/data/applications.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { SearchInput } from '#src/ui/table/SearchInput.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { AssignRolesModal } from './AssignRolesModal.tsx';

/** The machine-to-machine roles of a machine-to-machine app: their permissions are what its tokens can carry. */
export function RolesTab() {
  const { t } = useLingui();
  const applications = useTenantQueries(applicationQueries);
  const { entity: application } = useDetail(applicationQueries.detail);
  const { search, query, setQ, setPage } = useListSearch(useSearch({ from: '/_console/$tenantId/applications/$id/roles' }));
  const { q } = search;
  const list = useQuery(applications.roles(application.id, query));
  const removeRole = useRemoveRole(application.id);
  const confirmation = useConfirmDialog();
  const [assigning, setAssigning] = useState(false);

  const confirmRemove = (role: Role) =>
    confirmation.ask(
      {
        title: t`Remove role`,
        confirmLabel: t`Remove`,
        children: <Text fz="sm">{t`The next tokens of ${application.name} no longer carry the permissions of ${role.name}.`}</Text>,
      },
      () => removeRole.mutate(role.id),
    );

  const columns: Column<Role>[] = [
    { key: 'name', title: t`Role name`, render: (role) => <Text fz="sm" fw={500}>{role.name}</Text> },
    { key: 'description', title: t`Description`, render: (role) => role.description },
    {
      key: 'actions',
      title: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
      width: 56,
      render: (role) => (
        <ActionIcon variant="subtle" color="red" aria-label={t`Remove ${role.name}`} onClick={() => confirmRemove(role)}>
          <IconTrash size={16} aria-hidden="true" />
        </ActionIcon>
      ),
    },
  ];

  const assign = (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setAssigning(true)}>
      <Trans>Assign roles</Trans>
    </Button>
  );

  return (
    <Stack gap="md">
      {confirmation.dialog}
      <Group justify="space-between">
        <Title order={2} fz="h3">
          <Trans>Roles</Trans>
        </Title>
        {assign}
      </Group>
      <SearchInput label={t`Search by role name`} value={q} onSearch={setQ} />
      <DataTable
        label={t`Roles`}
        columns={columns}
        list={list}
        rowKey={(role) => role.id}
        empty={
          <ListEmpty
            text={q ? t`No role matches "${q}".` : t`No roles yet. Assign a machine-to-machine role to let this app's tokens carry its permissions.`}
            action={!q && assign}
          />
        }
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={setPage}
      />
      {assigning && <AssignRolesModal applicationId={application.id} onClose={() => setAssigning(false)} />}
    </Stack>
  );
}
