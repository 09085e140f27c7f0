import { Text } from '@mantine/core';
import { t } from '@lingui/core/macro';
import type { Column } from './DataTable.tsx';

/** A row's description, or a dash when it has none. */
export const descriptionColumn = <T extends { description: string | null }>(): Column<T> => ({
  key: 'description',
  title: t`Description`,
  render: (row) => row.description || <Text span c="dimmed">—</Text>,
});
