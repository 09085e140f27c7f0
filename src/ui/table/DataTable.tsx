import type { MouseEvent, ReactNode } from 'react';
import { Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { Page } from '#src/api/client.ts';
import { ListLoadError } from './ListLoadError.tsx';
import classes from './DataTable.module.css';
import { TableScroll } from './TableScroll.tsx';

export type Column<T> = {
  key: string;
  /** On a phone each cell shows a text title beside its value; other titles (a checkbox, a hidden "Actions") do not. */
  title: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  /** False for a column that never holds the row's link (a selection checkbox); the first other column does. */
  holdsLink?: false;
  /** The list is in this column's order (aria-sort). */
  sorted?: 'ascending' | 'descending';
};

/** What the table shows of a list query (TanStack Query's result has these). */
export type ListState<T> = {
  data: Page<T> | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
};

export type DataTableProps<T> = {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  list: ListState<T>;
  rowKey: (row: T) => string;
  /**
   * The row's link, rendered in its first cell that may hold it (keyboard users reach it by Tab); a click anywhere else
   * on the row follows it too.
   */
  rowLink?: (row: T, children: ReactNode) => ReactNode;
  /** Shown instead of rows when the list is empty: what the list holds, and usually the create action. */
  empty: ReactNode;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
};

const skeletonRows = 5;

/** Clicks on links, buttons and inputs inside a row do their own thing; any other click opens the row. */
const followRowLink = (event: MouseEvent<HTMLTableRowElement>) => {
  const target = event.target as HTMLElement;
  if (target.closest('a, button, input, [role="button"], [role="switch"]')) return;
  event.currentTarget.querySelector<HTMLAnchorElement>('a[data-row-link]')?.click();
};

/**
 * Every list of the console: skeleton rows while loading, the empty placeholder, an error with Retry, and pages from
 * the list's total (the Total-Number header).
 */
export function DataTable<T>({ label, columns, list, rowKey, rowLink, empty, page, pageSize, onPageChange }: DataTableProps<T>) {
  const { t, i18n } = useLingui();
  const { data } = list;

  if (list.isError && !data) return <ListLoadError onRetry={() => void list.refetch()} />;

  const firstIndex = (page - 1) * pageSize + 1;
  // A capped total (users.md §2) has no last page: the pager goes on while pages are full.
  const capped = Boolean(data?.capped);
  const pages = !data ? 1 : capped ? page + (data.items.length === pageSize ? 1 : 0) : Math.max(1, Math.ceil(data.total / pageSize));
  const lastIndex = data ? (capped ? firstIndex + data.items.length - 1 : Math.min(data.total, firstIndex + data.items.length - 1)) : 0;
  const range = (total: number) => {
    const [first, last] = [i18n.number(firstIndex), i18n.number(lastIndex)];
    return capped ? t`${first}–${last} of ${i18n.number(total)}+` : t`${first}–${last} of ${i18n.number(total)}`;
  };
  const linkColumn = columns.findIndex((column) => column.holdsLink !== false);
  const header = (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column.key} w={column.width} aria-sort={column.sorted}>
            {column.title}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );

  if (data && data.items.length === 0 && page === 1) return <>{empty}</>;

  return (
    <Stack gap="sm">
      <TableScroll className={classes.scrollInner}>
        <Table className={classes.table} verticalSpacing="sm" highlightOnHover={Boolean(rowLink)} aria-label={label} aria-busy={list.isPending || list.isPlaceholderData || undefined}>
          {header}
          <Table.Tbody>
            {!data
              ? Array.from({ length: skeletonRows }, (_, row) => (
                  <Table.Tr key={row} aria-hidden="true">
                    {columns.map((column) => (
                      <Table.Td key={column.key}>
                        <Skeleton h={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : data.items.map((row) => (
                  <Table.Tr key={rowKey(row)} onClick={rowLink ? followRowLink : undefined} style={rowLink ? { cursor: 'pointer' } : undefined}>
                    {columns.map((column, index) => (
                      <Table.Td
                        key={column.key}
                        className={typeof column.title === 'string' ? undefined : classes.untitled}
                        data-title={index !== linkColumn && typeof column.title === 'string' ? column.title : undefined}
                      >
                        {index === linkColumn && rowLink ? rowLink(row, column.render(row)) : column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {data && (data.total > pageSize || capped || page > 1) && (
        <Group justify="space-between" gap="sm">
          <Text fz="sm" c="dimmed">
            {data.items.length ? range(data.total) : t`No items on this page.`}
          </Text>
          {capped ? (
            // No page numbers: the last one is not known.
            <Pagination.Root total={pages} value={page} onChange={onPageChange} size="sm">
              <Group gap={8}>
                <Pagination.Previous aria-label={t`Previous page`} />
                <Pagination.Next aria-label={t`Next page`} />
              </Group>
            </Pagination.Root>
          ) : (
            <Pagination
              total={pages}
              value={page}
              onChange={onPageChange}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t`Previous page` : t`Next page` })}
              getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
