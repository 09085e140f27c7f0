import type { LogListQuery } from '#src/api/management/logs.ts';
import type { FixedFilters } from './log-scope.ts';
import { day, defaultRange, logPageSize, presetLength, presetRanges, type LogListSearch, type LogRange, type PresetRange } from '#schemas/list-search/logs.ts';

// Local calendar dates (yyyy-MM-dd) with the platform's Date: the page needs no date library.
const twoDigits = (value: number) => String(value).padStart(2, '0');
const dateOf = (time: number) => {
  const date = new Date(time);
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
};
const localDay = (date: string, ...time: number[]) => {
  const [year = 0, month = 1, dayOfMonth = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, dayOfMonth, ...time).getTime();
};
const startOfDay = (date: string) => localDay(date);
const endOfDay = (date: string) => localDay(date, 23, 59, 59, 999);

/** Whether a plan that keeps `days` days of logs (null: without limit) offers the preset. */
export const fitsRetention = (range: PresetRange, days: number | null) => days === null || presetLength[range] <= days * day;

/** The range shown: the URL's, unless it is longer than the plan keeps; then 7 days, or the longest preset the plan keeps. */
export function effectiveRange(range: LogRange | undefined, days: number | null): LogRange {
  if (range === 'custom' || (range && fitsRetention(range, days))) return range;
  if (fitsRetention(defaultRange, days)) return defaultRange;
  return presetRanges.findLast((preset) => fitsRetention(preset, days)) ?? '1h';
}

/** The first day the plan keeps logs of (null: every day). */
export const firstKeptDay = (days: number | null, now: number) => {
  if (days === null) return undefined;
  const date = new Date(now);
  date.setDate(date.getDate() - days);
  return dateOf(date.getTime());
};
export const today = (now: number) => dateOf(now);

/** The dates a switch from a preset to `custom` starts with: the preset's window, so that the rows do not jump. */
export const customSeed = (range: LogRange, now: number) => ({
  start_time: dateOf(now - presetLength[range === 'custom' ? defaultRange : range]),
  end_time: today(now),
});

/**
 * The list of one sign-in attempt's logs (`sessionId`), over the days around the log it was opened from, so that an
 * attempt that crossed midnight shows whole.
 */
export const relatedLogsSearch = (sessionId: string, createdAt: string, now: number): LogListSearch => {
  const time = new Date(createdAt).getTime();
  return { sessionId, range: 'custom', start_time: dateOf(time - day), end_time: dateOf(Math.min(time + day, now)) };
};

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
    ...(start ? { startTime: startOfDay(start) } : {}),
    ...(end ? { endTime: endOfDay(end) } : {}),
  };
}

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
    ...(search.sessionId ? { sessionId: search.sessionId } : {}),
    ...logWindow(search, days, now),
  };
}
