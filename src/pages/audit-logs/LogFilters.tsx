import { useEffect, useState, type ChangeEvent } from 'react';
import { CloseButton, Group, InputBase, Pill, Stack, Text, TextInput } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { LogItem } from '#schemas/log.ts';
import { userTitle } from '#schemas/user-title.ts';
import { loadOnce, useDeferred, whenIdle } from '#src/ui/deferred/useDeferred.ts';
import { filterWidth } from './filter-width.ts';
import { selectFiltersOf, selectFilterText, type LogScope, type SelectFilterName } from './log-scope.ts';
import { logRanges, presetRanges, type LogListSearch, type LogRange } from '#schemas/list-search/logs.ts';
import { logTitleOrKey } from './log-titles.ts';
import { customSeed, firstKeptDay, fitsRetention, today } from './log-window.ts';

export type LogFiltersProps = {
  tenantId: string;
  scope: LogScope;
  search: LogListSearch;
  /** The range shown (the URL's, or what it falls back to). */
  range: LogRange;
  /** Days of logs the plan keeps; null without limit. */
  days: number | null;
  now: number;
  /** The rows shown: they name the app and user the filters hold until the selects have loaded. */
  rows: LogItem[];
  /** Whether the list has shown (rows, empty or an error): the selects' code may then load. */
  shown: boolean;
  /** Puts filters in the URL, back on page 1. */
  setFilter: (filter: Partial<LogListSearch>) => void;
};

/**
 * The searchable selects and their popover code load after the page: at the first sign of use (useDeferred), or once
 * the list has shown and the browser is idle.
 */
const loadSelectFilters = loadOnce(() => import('./SelectFilters.tsx'));

/** The audit log's filters (audit-logs.md §2): event, application, user and time range. */
export function LogFilters({ tenantId, scope, search, range, days, now, rows, shown, setFilter }: LogFiltersProps) {
  const { t } = useLingui();
  return (
    <Group gap="sm" align="flex-end">
      {search.sessionId && <SessionFilter sessionId={search.sessionId} onClear={() => setFilter({ sessionId: undefined })} />}
      <DeferredSelectFilters tenantId={tenantId} filters={selectFiltersOf(scope)} search={search} rows={rows} shown={shown} setFilter={setFilter} />
      <RangeFilter range={range} days={days} now={now} onChange={setFilter} />
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

/** The one sign-in attempt the list shows (opened from a log's related logs), and the way back to all of them. */
function SessionFilter({ sessionId, onClear }: { sessionId: string; onClear: () => void }) {
  const { t } = useLingui();
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {t`Sign-in attempt`}
      </Text>
      <Group gap={4} wrap="nowrap" h={36}>
        <Pill size="lg">
          <span dir="ltr">{sessionId}</span>
        </Pill>
        <CloseButton size="sm" aria-label={t`Show all sign-in attempts`} onClick={onClear} />
      </Group>
    </Stack>
  );
}

type DeferredSelectFiltersProps = Pick<LogFiltersProps, 'tenantId' | 'search' | 'rows' | 'shown' | 'setFilter'> & { filters: SelectFilterName[] };

/** How long the selects wait for an idle moment after the list has shown. */
const idleTimeout = 2000;

/**
 * The select filters once their code is there; until then, inputs that look the same and show the same values. Reaching
 * for one (a click, or the keyboard focus) asks for the code, and the real select then takes the focus.
 */
function DeferredSelectFilters({ rows, shown: listShown, ...props }: DeferredSelectFiltersProps) {
  const { i18n } = useLingui();
  const { value: loaded, request } = useDeferred(loadSelectFilters);
  const [focus, setFocus] = useState<SelectFilterName>();
  // Nobody has used the page yet: the selects load anyway once the list has shown and the browser is idle.
  useEffect(() => (!listShown || loaded ? undefined : whenIdle(request, idleTimeout)), [listShown, loaded, request]);
  if (loaded) return <loaded.SelectFilters {...props} focus={focus} />;
  const shown: Record<SelectFilterName, (value: string) => string> = {
    event: (key) => logTitleOrKey(i18n, key),
    applicationId: (id) => rows.find((log) => log.application?.id === id)?.application?.name ?? id,
    userId: (id) => {
      const user = rows.find((log) => log.user?.id === id)?.user;
      return (user && userTitle(user)) ?? id;
    },
  };
  return props.filters.map((name) => {
    const value = props.search[name];
    const reach = () => {
      setFocus(name);
      request();
    };
    return (
      <TextInput
        key={name}
        readOnly
        // Announced as the select it stands for.
        role="combobox"
        aria-expanded={false}
        aria-haspopup="listbox"
        label={i18n._(selectFilterText[name].label)}
        placeholder={i18n._(selectFilterText[name].placeholder)}
        value={value ? shown[name](value) : ''}
        rightSection={<IconSelector size={16} aria-hidden="true" />}
        rightSectionPointerEvents="none"
        w={name === 'event' ? { base: '100%', xs: 280 } : filterWidth}
        onFocus={reach}
        onPointerDown={reach}
      />
    );
  });
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
  const options = [
    ...presetRanges.map((preset) => {
      const fits = fitsRetention(preset, days);
      const name = names[preset];
      return { value: preset, label: fits ? name : t`${name} (${keeps})`, disabled: !fits };
    }),
    { value: 'custom', label: names.custom, disabled: false },
  ];
  // A plain select in the input's frame: the list of five needs no combobox code.
  return (
    <InputBase
      component="select"
      pointer
      label={t`Time range`}
      value={range}
      w={filterWidth}
      rightSection={<IconSelector size={16} aria-hidden="true" />}
      rightSectionPointerEvents="none"
      onChange={(event: ChangeEvent<HTMLSelectElement>) => {
        const next = logRanges.find((value) => value === event.currentTarget.value);
        if (!next || next === range) return;
        // A switch to custom starts from the window shown, so the rows do not jump.
        onChange(next === 'custom' ? { range: next, ...customSeed(range, now) } : { range: next, start_time: undefined, end_time: undefined });
      }}
    >
      {options.map(({ value, label, disabled }) => (
        <option key={value} value={value} disabled={disabled}>
          {label}
        </option>
      ))}
    </InputBase>
  );
}
