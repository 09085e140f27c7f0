import { Hono, type Context } from 'hono';
import { logItemGuard, logRetentionGuard } from '#schemas/log.ts';
import { latestLogTime, logListFilters } from '#schemas/list-search/logs.ts';
import { countCap, totalNumberIsCappedHeader } from '#schemas/tenant-user.ts';
import { HttpError } from '#server/api/errors.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import { keptDays, retentionStart, type RetentionSettings } from '#server/tenant/logs/retention.ts';
import { notFound } from '../errors.ts';
import { sendPage, type ManagementEnv, type ManagementKit } from '../kit.ts';
import * as store from '#server/tenant/logs/store.ts';

const invalidTimeWindow = () => new HttpError('log.invalid_time_window', 'The start time is after the end time.');

const dateOf = (time: number | undefined) => (time === undefined ? undefined : new Date(time));

/** The tenant's audit log (audit-logs.md §4, §6): read-only, and never older than the tenant keeps it. */
export const logRoutes = (db: Db, { access }: ManagementKit, settings: RetentionSettings) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);
  const keptSince = (c: Context<ManagementEnv>) => retentionStart(keptDays(settings, c.var.planQuota));

  routes.get('/logs', {
    scope: 'read:data',
    summary:
      'List audit logs, the newest first, within the days the tenant keeps; filters: userId, applicationId, logKey, sessionId (one sign-in attempt), start_time and end_time (unix ms, inclusive). With enableCap=true, the count stops at 10,000 and Total-Number-Is-Capped: true says there are more.',
    query: logListFilters,
    response: logItemGuard,
    list: true,
    errors: ['log.invalid_time_window'],
  }, async (c, { query: { filters, ...page } }) => {
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

  routes.get('/logs/retention', {
    scope: 'read:data',
    summary: 'How many days of audit logs the tenant keeps; null: all of them.',
    response: logRetentionGuard,
  }, async (c) =>
    c.json({ auditLogRetentionDays: keptDays(settings, c.var.planQuota) }),
  );

  routes.get('/logs/:id', {
    scope: 'read:data',
    summary: 'Get an audit log.',
    response: logItemGuard,
    errors: ['entity.not_exists_with_id'],
  }, async (c, { params: { id } }) => {
    const log = await store.findLog(db, c.var.tenant.id, id, keptSince(c));
    if (!log) throw notFound(id);
    return c.json(log);
  });

  return app;
};
