import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { ListEmpty } from './ListEmpty.tsx';
import { SearchInput } from './SearchInput.tsx';
import type { ListSearchState } from './useListSearch.ts';

export type ListSectionProps<T> = Omit<DataTableProps<T>, 'label' | 'empty' | 'page' | 'pageSize' | 'onPageChange'> & {
  /** The section's heading and the table's accessible name. */
  title: string;
  /** Beside the heading, and in the empty placeholder unless a search found nothing. */
  action?: ReactNode;
  searchLabel: string;
  /** The list's page and search in the URL. */
  listSearch: ListSearchState;
  /** Why the list is empty: nothing yet, or nothing matches the search. */
  emptyText: string;
};

/** A list inside a tab of a detail page: heading and action, the search box, and the table. */
export function ListSection<T>({ title, action, searchLabel, listSearch, emptyText, ...table }: ListSectionProps<T>) {
  const { search, query, setQ, setPage } = listSearch;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {action}
      </Group>
      <SearchInput label={searchLabel} value={search.q} onSearch={setQ} />
      <DataTable
        label={title}
        {...table}
        empty={<ListEmpty text={emptyText} action={!search.q && action} />}
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={setPage}
      />
    </Stack>
  );
}
