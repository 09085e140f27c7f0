import { useState } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UserConsentScope, UserConsentScopeType } from '#schemas/user-consent.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useDetail } from '#src/data/detail.ts';
import { applicationQueries, useRemoveUserConsentScope } from '#src/data/applications.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { descriptionColumn } from '#src/ui/table/description-column.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { scopeNameColumn } from '#src/ui/table/scope-name-column.tsx';
import { nameOfRow, removeColumn } from '#src/ui/table/remove-column.tsx';
import { AddPermissionsModal } from './AddPermissionsModal.tsx';
import { userScopeDescription } from './user-scope-names.ts';

/** The scopes every sign-in of a third-party app is granted, whatever it asks for. */
const alwaysGranted = ['openid', 'profile'];

/** An enabled permission as a row: a user scope, or a permission of an API resource. */
type Row = { scopeType: UserConsentScopeType; id: string; name: string; description: string | null; resource?: string };

/** Both tables list the whole (short) set of an app's permissions on one page. */
const onePage = 1000;

/**
 * What a third-party app may ask its users to consent to (applications.md §7): the user scopes and API permissions
 * enabled here, added and removed; openid and profile always. Organization permissions come with organizations.
 */
export function PermissionsTab() {
  const { t } = useLingui();
  const applications = useTenantQueries(applicationQueries);
  const { tenantId, entity: application } = useDetail(applicationQueries.detail);
  const consent = useQuery(applications.userConsentScopes(application.id));
  const remove = useRemoveUserConsentScope(application.id);
  const confirmation = useConfirmDialog();
  const [adding, setAdding] = useState(false);

  const confirmRemove = (row: Row) =>
    confirmation.ask(
      {
        title: t`Remove permission`,
        confirmLabel: t`Remove`,
        children: <Text fz="sm">{t`${application.name} can no longer ask its users for ${row.name}.`}</Text>,
      },
      () => remove.mutate({ scopeType: row.scopeType, scopeId: row.id }),
    );

  const rowsOf = (rows: Row[] | undefined) => ({ ...consent, data: rows && { items: rows, total: rows.length } });
  const userRows = consent.data?.userScopes.map(
    (scope: UserConsentScope): Row => ({ scopeType: 'user-scopes', id: scope, name: scope, description: userScopeDescription(scope) }),
  );
  const resourceRows = consent.data?.resourceScopes.flatMap(({ resource, scopes }) =>
    scopes.map((scope): Row => ({ scopeType: 'resource-scopes', ...scope, resource: resource.name })),
  );
  const resourceColumn: Column<Row> = { key: 'api', title: t`API resource`, render: (row) => row.resource };

  const add = (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
      <Trans>Add permissions</Trans>
    </Button>
  );
  const table = (label: string, rows: Row[] | undefined, columns: Column<Row>[], emptyText: string) => (
    <DataTable
      label={label}
      columns={[...columns, removeColumn(confirmRemove, nameOfRow)]}
      list={rowsOf(rows)}
      rowKey={(row) => row.id}
      empty={<ListEmpty text={emptyText} />}
      page={1}
      pageSize={onePage}
      onPageChange={() => {}}
    />
  );

  return (
    <Stack gap="md">
      {confirmation.dialog}
      <Group justify="space-between">
        <Title order={2} fz="h3">
          <Trans>Permissions</Trans>
        </Title>
        {add}
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} fz="h5">
            <Trans>Always granted</Trans>
          </Title>
          <Text fz="sm" c="dimmed">
            <Trans>Every sign-in to this app gets the user's ID and basic profile.</Trans>
          </Text>
          <Group gap="xs" aria-label={t`Always granted`} role="list">
            {alwaysGranted.map((scope) => (
              <Badge key={scope} role="listitem" variant="light" color="gray" tt="none" radius="sm" ff="monospace">
                {scope}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Paper>
      <Title order={3} fz="h5">
        <Trans>User permissions</Trans>
      </Title>
      {table(t`User permissions`, userRows, [scopeNameColumn(), descriptionColumn()], t`No user data enabled yet. Add the user scopes this app may ask its users for.`)}
      <Title order={3} fz="h5">
        <Trans>API permissions</Trans>
      </Title>
      {table(
        t`API permissions`,
        resourceRows,
        [scopeNameColumn(), descriptionColumn(), resourceColumn],
        t`No API permissions enabled yet. Add the permissions of your API resources this app may ask its users for.`,
      )}
      {adding && consent.data && <AddPermissionsModal tenantId={tenantId} application={application} enabled={consent.data} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
