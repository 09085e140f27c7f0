import type { ReactNode } from 'react';
import { ActionIcon, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CookieKey, PrivateKey } from '#schemas/signing-keys.ts';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { KeyStatus } from './key-status.tsx';

type Options = { canDelete: boolean; onDelete: (id: string) => void };

/** What a previous key's tokens tell: when the last of them expires, after which deleting it breaks none. */
function SafeToDelete({ lastTokenExpiresAt, format }: { lastTokenExpiresAt: string | null; format: (iso: string) => string }) {
  if (lastTokenExpiresAt === null || Date.parse(lastTokenExpiresAt) <= Date.now()) return <Trans>Safe to delete: no token it signed is still valid.</Trans>;
  const after = format(lastTokenExpiresAt);
  return <Trans>Safe to delete after {after}</Trans>;
}

/** The columns of both tables: ID, (algorithm, status, tokens) for private keys, created, and the delete action. */
export function useKeyColumns() {
  const { t, i18n } = useLingui();
  const format = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const deleteColumn = <T extends { id: string }>({ canDelete, onDelete }: Options, deletable: (key: T) => boolean): Column<T> => ({
    key: 'actions',
    title: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
    width: 56,
    render: (key) => <DeleteCell show={canDelete && deletable(key)} label={t`Delete key ${key.id}`} onClick={() => onDelete(key.id)} />,
  });

  const idColumn = <T extends { id: string }>(): Column<T> => ({ key: 'id', title: t`Key ID`, render: (key) => <CopyableId label={t`key ID`} value={key.id} /> });
  const createdColumn = <T extends { createdAt: string }>(): Column<T> => ({ key: 'createdAt', title: t`Created`, render: (key) => format(key.createdAt) });

  const privateColumns = (options: Options): Column<PrivateKey>[] => [
    idColumn(),
    {
      key: 'algorithm',
      title: t`Algorithm`,
      render: (key) => (
        <Text span fz="sm" dir="ltr">
          {key.signingKeyAlgorithm === 'EC' ? `EC P-256 (${key.jwsAlgorithm})` : `RSA 2048 (${key.jwsAlgorithm})`}
        </Text>
      ),
    },
    { key: 'status', title: t`Status`, render: (key) => <KeyStatus status={key.status} effectiveAt={key.effectiveAt} /> },
    createdColumn(),
    {
      key: 'tokens',
      title: t`Tokens signed`,
      render: (key) => (
        <Stack gap={2}>
          <Text span fz="sm">
            <Plural value={key.tokensSigned} one="# token" other="# tokens" />
          </Text>
          {key.status === 'Previous' && (
            <Text span fz="xs" c="dimmed">
              <SafeToDelete lastTokenExpiresAt={key.lastTokenExpiresAt} format={format} />
            </Text>
          )}
        </Stack>
      ),
    },
    deleteColumn<PrivateKey>(options, (key) => key.status === 'Previous'),
  ];

  const cookieColumns = (options: Options, currentId: string | undefined): Column<CookieKey>[] => [
    idColumn(),
    {
      key: 'status',
      title: t`Status`,
      render: (key) => <KeyStatus status={key.id === currentId ? 'Current' : 'Previous'} />,
    },
    createdColumn(),
    deleteColumn<CookieKey>(options, (key) => key.id !== currentId),
  ];

  return { privateColumns, cookieColumns };
}

function DeleteCell({ show, label, onClick }: { show: boolean; label: string; onClick: () => void }): ReactNode {
  if (!show) return null;
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick}>
      <IconTrash size={16} aria-hidden="true" />
    </ActionIcon>
  );
}
