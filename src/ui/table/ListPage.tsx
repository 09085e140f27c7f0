import type { ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';
import { usePageTitle } from '../usePageTitle.ts';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { ListEmpty } from './ListEmpty.tsx';
import { ListPageHeader } from './ListPageHeader.tsx';
import { SearchInput } from './SearchInput.tsx';
import type { ListSearchState } from './useListSearch.ts';

export type ListPageProps<T> = Omit<DataTableProps<T>, 'label' | 'empty' | 'page' | 'pageSize' | 'onPageChange'> & {
  /** The page's heading and title, and the table's accessible name unless `tableLabel` names it. */
  title: string;
  tableLabel?: string;
  /** What the list holds, with a docs link. */
  description: ReactNode;
  /** The create action (a CreateLink): beside the heading, and in the empty placeholder. */
  create?: ReactNode;
  /** The list's page, search and filters in the URL (useListSearch). */
  listSearch: ListSearchState;
  searchLabel: string;
  searchPlaceholder?: string;
  /** The list's filters beside the search, each a ToggleGroup. */
  filters?: ReactNode;
  /** A filter besides the search narrows the list: the empty placeholder then offers no create action. */
  filtered?: boolean;
  /** Why the list is empty: nothing yet, or nothing matches. */
  emptyText: string;
  /** The empty placeholder's action, when it is not the create action whenever nothing narrows the list. */
  emptyAction?: ReactNode;
  /** Between the header and the search: the list's tabs or notices. */
  children?: ReactNode;
  /** Between the search and the table: actions on the selected rows. */
  toolbar?: ReactNode;
};

/** A tenant's list page: header and create action, search and filters, and the table with its states and pages. */
export function ListPage<T>({ title, tableLabel = title, description, create, listSearch, searchLabel, searchPlaceholder, filters, filtered = false, emptyText, emptyAction, children, toolbar, ...table }: ListPageProps<T>) {
  const { search, query, setQ, setPage } = listSearch;
  usePageTitle(title);
  const narrowed = Boolean(search.q) || filtered;
  return (
    <Stack gap="lg" p="md">
      <ListPageHeader title={title} description={description} action={create} />
      {children}
      <Group gap="sm" align="flex-end">
        <SearchInput label={searchLabel} placeholder={searchPlaceholder} value={search.q} onSearch={setQ} />
        {filters}
      </Group>
      {toolbar}
      <DataTable
        label={tableLabel}
        {...table}
        empty={<ListEmpty text={emptyText} action={emptyAction ?? (!narrowed && create)} />}
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={setPage}
      />
    </Stack>
  );
}
