import { Hono, type Context } from 'hono';
import { logItemGuard, logRetentionGuard } from '#schemas/log.ts';
import { logListFilters } from '#schemas/list-search/logs.ts';
import { countCap, totalNumberIsCappedHeader } from '#schemas/tenant-user.ts';
import { answering } from '#server/api/errors.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import { logWindowOf, type LogWindowRefusal } from '#server/tenant/logs/domain.ts';
import { keptDays, retentionStart, type RetentionSettings } from '#server/tenant/logs/retention.ts';
import { found, type NotExists } from '#server/tenant/refusals.ts';
import { notExistsMessage } from '../errors.ts';
import { sendPage, type ManagementEnv, type ManagementKit } from '../kit.ts';
import * as store from '#server/tenant/logs/store.ts';
import { findHookLog } from '#server/tenant/hooks/log-store.ts';

const answer = answering<LogWindowRefusal | NotExists>({
  'log.invalid_time_window': 'The start time is after the end time.',
  'entity.not_exists_with_id': notExistsMessage,
});

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
    const window = answer(logWindowOf(start, end));
    const listed = await store.listLogs(db, c.var.tenant.id, page, { ...ids, ...window, since: keptSince(c) }, enableCap === 'true' ? countCap : undefined);
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
    summary: 'Get an audit log, or a webhook delivery attempt (TriggerHook.{event}).',
    response: logItemGuard,
    errors: ['entity.not_exists_with_id'],
  }, async (c, { params: { id } }) => {
    const since = keptSince(c);
    // A webhook's delivery attempt too (its details page, webhooks.md §3), though the list shows audit logs only.
    const log = (await store.findLog(db, c.var.tenant.id, id, since)) ?? (await findHookLog(db, c.var.tenant.id, id, { since }));
    return c.json(answer(found(log, id)));
  });

  return app;
};
