import { ActionIcon, Group, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { t } from '@lingui/core/macro';
import type { Column } from '../../../ui/table/DataTable.tsx';

/** The last column of a role's permissions and apps: remove the row from the role (after a confirmation). */
export const removeColumn = <T extends { name: string }>(onRemove: (row: T) => void): Column<T> => ({
  key: 'actions',
  title: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
  width: 56,
  render: (row) => (
    <Group justify="flex-end">
      <ActionIcon variant="subtle" color="red" aria-label={t`Remove ${row.name}`} onClick={() => onRemove(row)}>
        <IconTrash size={16} aria-hidden="true" />
      </ActionIcon>
    </Group>
  ),
});
