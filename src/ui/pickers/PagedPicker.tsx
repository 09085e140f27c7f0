import { useState, type ReactNode } from 'react';
import { Checkbox, Group, Pagination, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { ListQuery } from '#schemas/paging.ts';
import type { Page } from '#src/api/client.ts';
import { loadingOrError } from '../table/ListLoadError.tsx';
import { SearchInput } from '../table/SearchInput.tsx';
import { PickerPanes, pickerPaneHeight, type PickedItem } from './PickerPanes.tsx';

export type PagedPickerProps<T, Key extends QueryKey, Any, AnyKey extends QueryKey> = {
  /** What is picked ("Applications", "Users"): the panes' accessible names. */
  label: string;
  searchLabel: string;
  /** The list of what can still be picked, searched and paged by the server. */
  queryOf: (query: ListQuery) => UseQueryOptions<Page<T>, Error, Page<T>, Key>;
  /** An item as its checkbox and its entry on the right show it. */
  itemOf: (item: T) => PickedItem & { label?: ReactNode };
  /** Whether there is anything of the kind at all (a list of one, of every item, picked or not). */
  anyQuery: UseQueryOptions<Page<Any>, Error, Page<Any>, AnyKey>;
  /**
   * Why the list is empty, and what to do: nothing matches `q`; there is nothing of the kind yet (`noneYet`, say how to
   * make one); or everything has been picked before.
   */
  emptyText: (q: string, noneYet: boolean) => ReactNode;
  value: T[];
  onChange: (items: T[]) => void;
};

const pageSize = 20;

/** What an empty picker says, and the link that makes something to pick when there is nothing of the kind yet. */
export function PickerEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <>
      <Text fz="sm" c="dimmed">
        {text}
      </Text>
      {action}
    </>
  );
}

/** A two-pane picker over a server list: search and pages on the left, the picks (kept through both) on the right. */
export function PagedPicker<T, Key extends QueryKey, Any, AnyKey extends QueryKey>(props: PagedPickerProps<T, Key, Any, AnyKey>) {
  const { label, searchLabel, queryOf, anyQuery, emptyText, itemOf, value, onChange } = props;
  const { t } = useLingui();
  const [search, setSearch] = useState({ q: '', page: 1 });
  const query = useQuery(queryOf({ page: search.page, pageSize, ...(search.q ? { q: search.q } : {}) }));
  const idOf = (item: T) => itemOf(item).id;
  const chosen = new Set(value.map(idOf));
  const toggle = (item: T, on: boolean) => onChange(on ? [...value, item] : value.filter((each) => idOf(each) !== idOf(item)));
  const { data } = query;
  const emptyUnsearched = data?.items.length === 0 && !search.q;
  const any = useQuery({ ...anyQuery, enabled: emptyUnsearched });

  const source = () => {
    if (!data) return loadingOrError(query, 120);
    if (data.items.length === 0) {
      if (emptyUnsearched && !any.data) return loadingOrError(any, 120);
      return (
        <Stack gap="xs" align="flex-start">
          {emptyText(search.q, any.data?.total === 0)}
        </Stack>
      );
    }
    return data.items.map((item) => {
      const { id, name, detail, label: itemLabel } = itemOf(item);
      return (
        <Checkbox
          key={id}
          label={itemLabel ?? name}
          aria-label={itemLabel ? name : undefined}
          description={detail}
          checked={chosen.has(id)}
          onChange={(event) => toggle(item, event.currentTarget.checked)}
          styles={{ label: { overflowWrap: 'anywhere' }, description: { overflowWrap: 'anywhere' } }}
        />
      );
    });
  };

  return (
    <PickerPanes label={label} picked={value.map((item) => itemOf(item))} onUnpick={(id) => onChange(value.filter((item) => idOf(item) !== id))}>
      <SearchInput label={searchLabel} value={search.q} onSearch={(q) => setSearch({ q, page: 1 })} />
      <ScrollArea.Autosize mah={pickerPaneHeight}>
        <Stack gap={6} aria-busy={query.isFetching || undefined}>
          {source()}
        </Stack>
      </ScrollArea.Autosize>
      {data && data.total > pageSize && (
        <Group justify="flex-end">
          <Pagination
            total={Math.ceil(data.total / pageSize)}
            value={search.page}
            onChange={(page) => setSearch({ ...search, page })}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t`Previous page` : t`Next page` })}
            getItemProps={(item) => ({ 'aria-label': t`Page ${item}` })}
          />
        </Group>
      )}
    </PickerPanes>
  );
}
