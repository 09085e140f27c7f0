import { useState } from 'react';
import { ActionIcon, Badge, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApplicationSecret } from '#schemas/application.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { applicationQueries, useDeleteSecret } from '#src/data/applications.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { useSecretName } from '../secret-name.ts';
import { SecretModal } from './SecretModal.tsx';

const isExpired = (secret: ApplicationSecret, now = Date.now()) => secret.expiresAt !== null && Date.parse(secret.expiresAt) <= now;

/** The secrets of a confidential app: their names, last four characters and expiry; create, rename and delete. */
export function SecretsPanel({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useLingui();
  const nameOf = useSecretName();
  const applications = useTenantQueries(applicationQueries);
  const secrets = useQuery(applications.secrets(applicationId));
  const deleteSecret = useDeleteSecret(applicationId);
  const confirmation = useConfirmDialog();
  const [editing, setEditing] = useState<ApplicationSecret | 'new'>();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const confirmDelete = (secret: ApplicationSecret) =>
    confirmation.ask(
      {
        title: t`Delete secret`,
        confirmLabel: t`Delete`,
        children: <Text fz="sm">{t`Clients that use ${nameOf(secret.name)} can no longer get tokens.`}</Text>,
      },
      () => deleteSecret.mutate(secret.name),
    );

  const columns: Column<ApplicationSecret>[] = [
    { key: 'name', title: t`Secret name`, render: (secret) => nameOf(secret.name) },
    {
      key: 'value',
      title: t`Value`,
      render: (secret) => (
        <Text span fz="sm" ff="monospace" dir="ltr">
          {`••••${secret.valueHint}`}
        </Text>
      ),
    },
    {
      key: 'expiresAt',
      title: t`Expires`,
      render: (secret) =>
        secret.expiresAt === null ? (
          <Trans>Never</Trans>
        ) : isExpired(secret) ? (
          <Tooltip label={date(secret.expiresAt)} withArrow>
            <Badge color="red" variant="light" tt="none" tabIndex={0}>
              <Trans>Expired</Trans>
            </Badge>
          </Tooltip>
        ) : (
          date(secret.expiresAt)
        ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
      width: 96,
      render: (secret) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {!isExpired(secret) && (
            <ActionIcon variant="subtle" color="gray" aria-label={t`Rename ${nameOf(secret.name)}`} onClick={() => setEditing(secret)}>
              <IconPencil size={16} aria-hidden="true" />
            </ActionIcon>
          )}
          <ActionIcon variant="subtle" color="red" aria-label={t`Delete ${nameOf(secret.name)}`} onClick={() => confirmDelete(secret)}>
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  const create = (
    <Button variant="default" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
      <Trans>Create secret</Trans>
    </Button>
  );

  return (
    <Stack gap="sm">
      {confirmation.dialog}
      <Group justify="space-between">
        <Title order={3} fz="h5">
          <Trans>App secrets</Trans>
        </Title>
        {create}
      </Group>
      <DataTable
        label={t`App secrets`}
        columns={columns}
        list={{ ...secrets, data: secrets.data && { items: secrets.data, total: secrets.data.length } }}
        rowKey={(secret) => secret.name}
        empty={
          <Text c="dimmed" fz="sm" py="sm">
            <Trans>No secrets: this app cannot get tokens until it has one.</Trans>
          </Text>
        }
        page={1}
        pageSize={Math.max(1, secrets.data?.length ?? 1)}
        onPageChange={() => {}}
      />
      {editing && (
        <SecretModal applicationId={applicationId} secret={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />
      )}
    </Stack>
  );
}
