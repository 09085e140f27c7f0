import * as z from 'zod/mini';
import { listSearchShape } from './list.ts';
import { searchReader } from './reader.ts';

// The audit log's list: the query GET /logs reads, and the state of the console's list in the URL (audit-logs.md §2).
// The route reads the URL with its search, so this file stays free of the date library.

/**
 * The last millisecond of year 9999: the latest moment the database reads from a date (a later one is written with a
 * six-digit year, which it refuses).
 */
export const latestLogTime = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const timestamp = z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(latestLogTime)));
const id = z.string().check(z.maxLength(21));
const key = z.string().check(z.maxLength(128));

/** Filters of GET /logs beside page and page_size (start and end in unix milliseconds, both inclusive). */
export const logListFilters = {
  userId: z.optional(id),
  applicationId: z.optional(id),
  logKey: z.optional(key),
  /** The logs of one interaction session: one sign-in attempt from start to token (audit-logs.md §3). */
  sessionId: z.optional(key),
  start_time: timestamp,
  end_time: timestamp,
  enableCap: z.optional(z.enum(['true', 'false'])),
};

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

const word = z.regex(/^[\w.-]+$/);
/** A yyyy-MM-dd date that exists (read without the date library, which stays off the first screen with the route's search). */
const date = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  z.refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)),
);

/**
 * The list's state in the URL: page, event key, app, user, sign-in attempt, range and the custom range's dates
 * (yyyy-MM-dd). An unknown range is left out, and so reads as 7 days.
 */
export const readLogListSearch = searchReader({
  page: listSearchShape.page,
  event: key.check(word),
  applicationId: id.check(word),
  userId: id.check(word),
  /** The logs of one sign-in attempt (the details page's "related logs"). */
  sessionId: key.check(word),
  range: z.enum(logRanges),
  start_time: date,
  end_time: date,
});
export type LogListSearch = ReturnType<typeof readLogListSearch>;
