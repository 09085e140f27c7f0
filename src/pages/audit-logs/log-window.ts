import dayjs from 'dayjs';
import type { LogListQuery } from '../../api/management/logs.ts';
import { day, defaultRange, logPageSize, presetLength, presetRanges, type LogListSearch, type LogRange, type PresetRange } from './log-search.ts';

const dateFormat = 'YYYY-MM-DD';

/** Whether a plan that keeps `days` days of logs (null: without limit) offers the preset. */
export const fitsRetention = (range: PresetRange, days: number | null) => days === null || presetLength[range] <= days * day;

/** The range shown: the URL's, unless it is longer than the plan keeps; then 7 days, or the longest preset the plan keeps. */
export function effectiveRange(range: LogRange | undefined, days: number | null): LogRange {
  if (range === 'custom' || (range && fitsRetention(range, days))) return range;
  if (fitsRetention(defaultRange, days)) return defaultRange;
  return presetRanges.findLast((preset) => fitsRetention(preset, days)) ?? '1h';
}

/** The first day the plan keeps logs of (null: every day). */
export const firstKeptDay = (days: number | null, now: number) => (days === null ? undefined : dayjs(now).subtract(days, 'day').format(dateFormat));
export const today = (now: number) => dayjs(now).format(dateFormat);

/** The dates a switch from a preset to `custom` starts with: the preset's window, so that the rows do not jump. */
export const customSeed = (range: LogRange, now: number) => ({
  start_time: dayjs(now - presetLength[range === 'custom' ? defaultRange : range]).format(dateFormat),
  end_time: today(now),
});

/** Times are anchored to the minute, so that a list asked for twice in a minute is the same query. */
export const minuteOf = (now: number) => now - (now % 60_000);

/**
 * The window the list asks for, in unix ms: a preset from now back, or the custom dates from the local start of the
 * first day to the local end of the last. A window never reaches before the first day the plan keeps.
 */
export function logWindow(search: LogListSearch, days: number | null, now: number): { startTime?: number; endTime?: number } {
  const range = effectiveRange(search.range, days);
  if (range !== 'custom') return { startTime: minuteOf(now) - presetLength[range] };
  const kept = firstKeptDay(days, now);
  let [start, end] = [search.start_time, search.end_time];
  if (start && end && start > end) [start, end] = [end, start];
  if (kept && (!start || start < kept)) start = kept;
  return {
    ...(start ? { startTime: dayjs(start).startOf('day').valueOf() } : {}),
    ...(end ? { endTime: dayjs(end).endOf('day').valueOf() } : {}),
  };
}

/** Whose logs a table lists: the tenant's, one user's, or one app's. */
export type LogScope =
  | { kind: 'tenant' }
  | { kind: 'user'; userId: string }
  | { kind: 'application'; applicationId: string; machineToMachine: boolean };

/** The user or the app a scope fixes. */
export type FixedFilters = { userId?: string; applicationId?: string };
export const fixedFiltersOf = (scope: LogScope): FixedFilters =>
  scope.kind === 'user' ? { userId: scope.userId } : scope.kind === 'application' ? { applicationId: scope.applicationId } : {};

/** What the list asks the server for: the URL's filters, with the scope's user or app fixed. */
export function logListQueryOf(fixed: FixedFilters, search: LogListSearch, days: number | null, now: number): LogListQuery {
  const userId = fixed.userId ?? search.userId;
  const applicationId = fixed.applicationId ?? search.applicationId;
  return {
    page: search.page ?? 1,
    pageSize: logPageSize,
    ...(userId ? { userId } : {}),
    ...(applicationId ? { applicationId } : {}),
    ...(search.event ? { logKey: search.event } : {}),
    ...logWindow(search, days, now),
  };
}
