import { latestLogTime } from '#schemas/list-search/logs.ts';
import { ok, type Result } from '#server/result.ts';

/** What a list of the audit log reads: the window of its start and end times. */

export type LogWindowRefusal = { reason: 'log.invalid_time_window' };

const dateOf = (time: number | undefined) => (time === undefined ? undefined : new Date(time));

/**
 * The window from `start` to `end` (unix ms, inclusive, each optional) as the store reads it, refused when it starts
 * after it ends.
 */
export const logWindowOf = (start: number | undefined, end: number | undefined): Result<{ startTime?: Date; endBefore?: Date }, LogWindowRefusal> => {
  if (start !== undefined && end !== undefined && start > end) return { ok: false, reason: 'log.invalid_time_window' };
  // end_time is a millisecond, and logs are timed in microseconds: the window ends before the next millisecond.
  // The latest time the database holds has no next millisecond: nothing is later.
  return ok({ startTime: dateOf(start), endBefore: dateOf(end === undefined || end === latestLogTime ? undefined : end + 1) });
};
