import { Hono, type Context } from 'hono';
import { logItemGuard, logRetentionGuard } from '#schemas/log.ts';
import { latestLogTime, logListFilters } from '#schemas/list-search/logs.ts';
import { countCap, totalNumberIsCappedHeader } from '#schemas/tenant-user.ts';
import { HttpError } from '#server/api/errors.ts';
import { describe } from '#server/api/openapi.ts';
import type { Db } from '#server/db/client.ts';
import { keptDays, retentionStart, type RetentionSettings } from '#server/tenant/logs/retention.ts';
import { notFound } from '../errors.ts';
import { listQueryReader, sendPage, type ManagementEnv, type ManagementKit } from '../kit.ts';
import * as store from '#server/tenant/logs/store.ts';

const readLogListQuery = listQueryReader(logListFilters);

const invalidTimeWindow = () => new HttpError('log.invalid_time_window', 'The start time is after the end time.');

const dateOf = (time: number | undefined) => (time === undefined ? undefined : new Date(time));

/** What the API document says of each route below (server/api/openapi.ts); the scope comes from its access. */
const documented = {
  list: describe({
    summary:
      'List audit logs, the newest first, within the days the tenant keeps; filters: userId, applicationId, logKey, sessionId (one sign-in attempt), start_time and end_time (unix ms, inclusive). With enableCap=true, the count stops at 10,000 and Total-Number-Is-Capped: true says there are more.',
    response: logItemGuard,
    list: true,
    errors: { 400: ['log.invalid_time_window'] },
  }),
  retention: describe({ summary: 'How many days of audit logs the tenant keeps; null: all of them.', response: logRetentionGuard }),
  get: describe({ summary: 'Get an audit log.', response: logItemGuard, errors: { 404: ['entity.not_exists_with_id'] } }),
};

/** The tenant's audit log (audit-logs.md §4, §6): read-only, and never older than the tenant keeps it. */
export const logRoutes = (db: Db, { access }: ManagementKit, settings: RetentionSettings) => {
  const app = new Hono<ManagementEnv>();
  const keptSince = (c: Context<ManagementEnv>) => retentionStart(keptDays(settings, c.var.planQuota));

  app.get('/logs', access('read:data'), documented.list, async (c) => {
    const { filters, ...page } = readLogListQuery(c);
    const { start_time: start, end_time: end, enableCap, ...ids } = filters;
    if (start !== undefined && end !== undefined && start > end) throw invalidTimeWindow();
    const since = keptSince(c);
    // end_time is a millisecond, and logs are timed in microseconds: the window ends before the next millisecond.
    // The latest time the database holds has no next millisecond: nothing is later.
    const endBefore = dateOf(end === undefined || end === latestLogTime ? undefined : end + 1);
    const listed = await store.listLogs(db, c.var.tenant.id, page, { ...ids, startTime: dateOf(start), endBefore, since }, enableCap === 'true' ? countCap : undefined);
    if (listed.capped) c.header(totalNumberIsCappedHeader, 'true');
    return sendPage(c, listed);
  });

  app.get('/logs/retention', access('read:data'), documented.retention, async (c) =>
    c.json({ auditLogRetentionDays: keptDays(settings, c.var.planQuota) }),
  );

  app.get('/logs/:id', access('read:data'), documented.get, async (c) => {
    const id = c.req.param('id');
    const log = await store.findLog(db, c.var.tenant.id, id, keptSince(c));
    if (!log) throw notFound(id);
    return c.json(log);
  });

  return app;
};
