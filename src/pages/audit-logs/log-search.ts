import { readListSearch, type ListSearch } from '#schemas/paging.ts';

// The audit log's state in the URL (audit-logs.md §2). The route reads it with its search, so this file stays small and
// free of the date library; the windows the ranges stand for are in log-window.ts.

/** The time ranges of the list; `custom` reads the two dates. */
export const logRanges = ['1h', '1d', '7d', '30d', 'custom'] as const;
export type LogRange = (typeof logRanges)[number];
export type PresetRange = Exclude<LogRange, 'custom'>;
export const presetRanges = logRanges.filter((range): range is PresetRange => range !== 'custom');

const hour = 60 * 60 * 1000;
export const day = 24 * hour;
export const presetLength: Record<PresetRange, number> = { '1h': hour, '1d': day, '7d': 7 * day, '30d': 30 * day };
export const defaultRange: PresetRange = '7d';
export const logPageSize = 20;

/** The list's state in the URL: page, event key, app, user, range and the custom range's dates (yyyy-MM-dd). */
export type LogListSearch = Omit<ListSearch, 'q'> & {
  event?: string;
  applicationId?: string;
  userId?: string;
  /** The logs of one sign-in attempt (the details page's "related logs"). */
  sessionId?: string;
  range?: LogRange;
  start_time?: string;
  end_time?: string;
};

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
/** A yyyy-MM-dd date that exists (read without the date library, which stays off the first screen with the route's search). */
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && datePattern.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const isLogRange = (value: unknown): value is LogRange => logRanges.includes(value as LogRange);
const textOf = (value: unknown, max: number, pattern = /^[\w.-]+$/) =>
  typeof value === 'string' && value.length <= max && pattern.test(value) ? value : undefined;

/** Reads the list's state from the URL leniently: a value it cannot use is left out (an unknown range reads as 7 days). */
export function readLogListSearch(search: Record<string, unknown>): LogListSearch {
  const { page } = readListSearch(search);
  const values = {
    page,
    event: textOf(search.event, 128),
    applicationId: textOf(search.applicationId, 21),
    userId: textOf(search.userId, 21),
    sessionId: textOf(search.sessionId, 128),
    range: isLogRange(search.range) ? search.range : undefined,
    start_time: isDate(search.start_time) ? search.start_time : undefined,
    end_time: isDate(search.end_time) ? search.end_time : undefined,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as LogListSearch;
}

