import { useMemo, useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { userSubtitle, userTitle, type UserNames } from '#schemas/user-title.ts';
import { logFilterQueries } from '#src/data/log-filters.ts';
import { userQueries } from '#src/data/users.ts';
import { filterWidth } from './filter-width.ts';
import { selectFilterText, type SelectFilterName } from './log-scope.ts';
import type { LogListSearch } from '#schemas/list-search/logs.ts';
import { eventOptions } from './log-titles.ts';

// The searchable selects of the audit log's filters, with the popover code they need: loaded after the first screen
// (see LogFilters).

export type SelectFiltersProps = {
  tenantId: string;
  filters: SelectFilterName[];
  search: LogListSearch;
  setFilter: (filter: Partial<LogListSearch>) => void;
  /** The filter someone reached for before this code had loaded: it takes the focus (and so opens). */
  focus?: SelectFilterName;
};

type FilterSelectProps = Omit<SelectProps, 'value' | 'onChange'> & {
  name: SelectFilterName;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
};

/** A searchable filter that can be cleared: no value is "all". */
function FilterSelect({ name, value, onChange, ...props }: FilterSelectProps) {
  const { t, i18n } = useLingui();
  return (
    <Select
      label={i18n._(selectFilterText[name].label)}
      placeholder={i18n._(selectFilterText[name].placeholder)}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t`Clear` }}
      w={filterWidth}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      {...props}
    />
  );
}

type FilterProps = { tenantId: string; value: string | undefined; onChange: (value: string | undefined) => void; autoFocus: boolean };

/** Every key of the catalogue by title, grouped and searchable (logto-io/logto#7656); a key from the URL outside it shows raw. */
function EventFilter({ value, onChange, autoFocus }: FilterProps) {
  const { t, i18n } = useLingui();
  const options = useMemo(() => eventOptions(i18n), [i18n, i18n.locale]);
  const known = value === undefined || options.some(({ items }) => items.some((item) => item.value === value));
  return (
    <FilterSelect
      name="event"
      data={known ? options : [...options, { group: value, items: [{ value, label: value }] }]}
      value={value}
      onChange={onChange}
      autoFocus={autoFocus}
      nothingFoundMessage={t`No event matches.`}
      maxDropdownHeight={320}
      w={{ base: '100%', xs: 280 }}
    />
  );
}

function ApplicationFilter({ tenantId, value, onChange, autoFocus }: FilterProps) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const applications = useQuery(logFilterQueries.applications(api, tenantId)).data ?? [];
  const data = applications.map(({ id, name }) => ({ value: id, label: name }));
  if (value && !data.some((item) => item.value === value)) data.push({ value, label: value });
  return (
    <FilterSelect name="applicationId" data={data} value={value} onChange={onChange} autoFocus={autoFocus} nothingFoundMessage={t`No application matches.`} />
  );
}

const searchDelay = 300;

/** A user by title, found with the users list's search as one types (users.md §2). */
function UserFilter({ tenantId, value, onChange, autoFocus }: FilterProps) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [opened, setOpened] = useState(autoFocus);
  const search = useDebouncedCallback((text: string) => setQ(text.trim()), searchDelay);
  const found = useQuery({ ...logFilterQueries.users(api, tenantId, q), enabled: opened });
  const chosen = useQuery({ ...userQueries.detail(api, tenantId, value ?? ''), enabled: Boolean(value) });
  const option = (user: UserNames & { id: string }) => {
    const title = userTitle(user) ?? t`Unnamed`;
    const subtitle = userSubtitle(user);
    return { value: user.id, label: subtitle ? `${title} (${subtitle})` : title };
  };
  const data = (found.data?.items ?? []).map(option);
  if (value && !data.some((item) => item.value === value)) data.push(chosen.data ? option(chosen.data) : { value, label: value });
  return (
    <FilterSelect
      name="userId"
      data={data}
      // The server searched already.
      filter={({ options }) => options}
      value={value}
      onChange={onChange}
      autoFocus={autoFocus}
      searchValue={typed}
      onSearchChange={(text) => {
        setTyped(text);
        search(text);
      }}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={found.isFetching ? t`Searching…` : t`No user matches.`}
    />
  );
}

const filterComponents = { event: EventFilter, applicationId: ApplicationFilter, userId: UserFilter } as const;

export function SelectFilters({ tenantId, filters, search, setFilter, focus }: SelectFiltersProps) {
  return filters.map((name) => {
    const Filter = filterComponents[name];
    return <Filter key={name} tenantId={tenantId} value={search[name]} onChange={(value) => setFilter({ [name]: value })} autoFocus={focus === name} />;
  });
}
