import { useMemo, useState } from 'react';
import { Group, NativeSelect, Select, TextInput, type SelectProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { userSubtitle, userTitle } from '../../../schemas/tenant-user.ts';
import type { PickedUser } from '../../api/management/logs.ts';
import { logQueries } from '../../data/logs.ts';
import { logRanges, presetRanges, type LogListSearch, type LogRange } from './log-search.ts';
import { eventOptions } from './log-titles.ts';
import { customSeed, firstKeptDay, fitsRetention, today, type LogScope } from './log-window.ts';

export type LogFiltersProps = {
  tenantId: string;
  scope: LogScope;
  search: LogListSearch;
  /** The range shown (the URL's, or what it falls back to). */
  range: LogRange;
  /** Days of logs the plan keeps; null without limit. */
  days: number | null;
  now: number;
  /** Puts filters in the URL, back on page 1. */
  setFilter: (filter: Partial<LogListSearch>) => void;
};

const filterWidth = { base: '100%', xs: 220 };

/** The audit log's filters (audit-logs.md §2): event, application, user and time range. */
export function LogFilters({ tenantId, scope, search, range, days, now, setFilter }: LogFiltersProps) {
  const { t } = useLingui();
  return (
    <Group gap="sm" align="flex-end">
      <EventFilter value={search.event} onChange={(event) => setFilter({ event })} />
      {scope.kind !== 'application' && <ApplicationFilter tenantId={tenantId} value={search.applicationId} onChange={(applicationId) => setFilter({ applicationId })} />}
      {(scope.kind === 'tenant' || (scope.kind === 'application' && !scope.machineToMachine)) && (
        <UserFilter tenantId={tenantId} value={search.userId} onChange={(userId) => setFilter({ userId })} />
      )}
      <RangeFilter range={range} days={days} now={now} onChange={(next) => setFilter(next)} />
      {range === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t`Start date`}
            value={search.start_time ?? ''}
            min={firstKeptDay(days, now)}
            max={search.end_time ?? today(now)}
            w={{ base: '100%', xs: 170 }}
            onChange={(event) => setFilter({ start_time: event.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label={t`End date`}
            value={search.end_time ?? ''}
            min={search.start_time ?? firstKeptDay(days, now)}
            max={today(now)}
            w={{ base: '100%', xs: 170 }}
            onChange={(event) => setFilter({ end_time: event.currentTarget.value || undefined })}
          />
        </>
      )}
    </Group>
  );
}

type FilterSelectProps = Omit<SelectProps, 'value' | 'onChange'> & { value: string | undefined; onChange: (value: string | undefined) => void };

/** A searchable filter that can be cleared: no value is "all". */
function FilterSelect({ value, onChange, ...props }: FilterSelectProps) {
  const { t } = useLingui();
  return (
    <Select
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

/** Every key of the catalogue by title, grouped and searchable (logto-io/logto#7656); a key from the URL outside it shows raw. */
function EventFilter({ value, onChange }: { value: string | undefined; onChange: (event: string | undefined) => void }) {
  const { t, i18n } = useLingui();
  const options = useMemo(() => eventOptions(i18n), [i18n, i18n.locale]);
  const known = value === undefined || options.some(({ items }) => items.some((item) => item.value === value));
  return (
    <FilterSelect
      label={t`Event`}
      placeholder={t`All events`}
      data={known ? options : [...options, { group: value, items: [{ value, label: value }] }]}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t`No event matches.`}
      maxDropdownHeight={320}
      w={{ base: '100%', xs: 280 }}
    />
  );
}

function ApplicationFilter({ tenantId, value, onChange }: { tenantId: string; value: string | undefined; onChange: (id: string | undefined) => void }) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const applications = useQuery(logQueries.applications(api, tenantId)).data ?? [];
  const data = applications.map(({ id, name }) => ({ value: id, label: name }));
  if (value && !data.some((item) => item.value === value)) data.push({ value, label: value });
  return (
    <FilterSelect
      label={t`Application`}
      placeholder={t`All applications`}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t`No application matches.`}
    />
  );
}

const searchDelay = 300;

/** A user by title, found with the users list's search as one types (users.md §2). */
function UserFilter({ tenantId, value, onChange }: { tenantId: string; value: string | undefined; onChange: (id: string | undefined) => void }) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [opened, setOpened] = useState(false);
  const search = useDebouncedCallback((text: string) => setQ(text.trim()), searchDelay);
  const found = useQuery({ ...logQueries.users(api, tenantId, q), enabled: opened });
  const chosen = useQuery({ ...logQueries.user(api, tenantId, value ?? ''), enabled: Boolean(value) });
  const option = (user: PickedUser) => {
    const title = userTitle(user) ?? t`Unnamed`;
    const subtitle = userSubtitle(user);
    return { value: user.id, label: subtitle ? `${title} (${subtitle})` : title };
  };
  const data = (found.data?.items ?? []).map(option);
  if (value && !data.some((item) => item.value === value)) data.push(chosen.data ? option(chosen.data) : { value, label: value });
  return (
    <FilterSelect
      label={t`User`}
      placeholder={t`All users`}
      data={data}
      // The server searched already.
      filter={({ options }) => options}
      value={value}
      onChange={onChange}
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

function RangeFilter({ range, days, now, onChange }: { range: LogRange; days: number | null; now: number; onChange: (next: Partial<LogListSearch>) => void }) {
  const { t } = useLingui();
  const names: Record<LogRange, string> = {
    '1h': t`Last 1 hour`,
    '1d': t`Last 1 day`,
    '7d': t`Last 7 days`,
    '30d': t`Last 30 days`,
    custom: t`Custom range`,
  };
  const keeps = days === null ? '' : plural(days, { one: 'your plan keeps # day', other: 'your plan keeps # days' });
  const data = presetRanges.map((preset) => {
    const fits = fitsRetention(preset, days);
    const name = names[preset];
    return { value: preset, label: fits ? name : t`${name} (${keeps})`, disabled: !fits };
  });
  return (
    <NativeSelect
      label={t`Time range`}
      value={range}
      data={[...data, { value: 'custom', label: names.custom }]}
      w={filterWidth}
      onChange={(event) => {
        const next = logRanges.find((value) => value === event.currentTarget.value);
        if (!next || next === range) return;
        // A switch to custom starts from the window shown, so the rows do not jump.
        onChange(next === 'custom' ? { range: next, ...customSeed(range, now) } : { range: next, start_time: undefined, end_time: undefined });
      }}
    />
  );
}
