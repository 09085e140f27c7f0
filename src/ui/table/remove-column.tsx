import { ActionIcon, Group, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { t } from '@lingui/core/macro';
import type { Column } from './DataTable.tsx';

/** The last column of what a role or user holds: remove the row (after a confirmation); `nameOf` names its button. */
export const removeColumn = <T,>(onRemove: (row: T) => void, nameOf: (row: T) => string): Column<T> => ({
  key: 'actions',
  title: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
  width: 56,
  render: (row) => {
    const name = nameOf(row);
    return (
      <Group justify="flex-end">
        <ActionIcon variant="subtle" color="red" aria-label={t`Remove ${name}`} onClick={() => onRemove(row)}>
          <IconTrash size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
    );
  },
});

export const nameOfRow = (row: { name: string }) => row.name;
