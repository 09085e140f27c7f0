import { Badge } from '@mantine/core';
import { t } from '@lingui/core/macro';
import type { Column } from './DataTable.tsx';

/** A permission's name, as clients ask for it, in monospace. */
export const scopeNameColumn = <T extends { name: string }>(): Column<T> => ({
  key: 'name',
  title: t`Permission name`,
  render: (scope) => (
    <Badge variant="light" color="gray" tt="none" radius="sm" fw={500} style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
      {scope.name}
    </Badge>
  ),
});
