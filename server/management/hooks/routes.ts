import { Hono } from 'hono';
import { HttpError } from '#server/api/errors.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import type { SecretsKey } from '#server/secrets-key.ts';
import { redacted } from '#schemas/log.ts';
import {
  createHookGuard,
  devInboxGuard,
  devInboxQuery,
  defaultDevInboxName,
  hookGuard,
  hookListFilters,
  hookLogFilters,
  hookLogGuard,
  hookQueryGuard,
  hookStatsWindowMs,
  patchHookGuard,
  testHookGuard,
} from '#schemas/webhook.ts';
import { resendDelivery } from '#server/tenant/hooks/delivery-store.ts';
import { devInboxUrl } from '#server/tenant/hooks/dev-inbox.ts';
import * as domain from '#server/tenant/hooks/domain.ts';
import { findHookLog, listHookLogs } from '#server/tenant/hooks/log-store.ts';
import { announceDeliveries } from '#server/tenant/hooks/outbox.ts';
import type { HookSettings } from '#server/tenant/hooks/settings.ts';
import * as store from '#server/tenant/hooks/store.ts';
import { sendTestPayloads } from '#server/tenant/hooks/test-send.ts';
import { logWindowOf } from '#server/tenant/logs/domain.ts';
import { found } from '#server/tenant/refusals.ts';
import { changesOf, creationOf, deletionOf } from '../audit.ts';
import { sendPage, type ManagementEnv, type ManagementKit } from '../kit.ts';
import { answer } from './hook-errors.ts';

/** A hook as the audit log records it: never its signing key. */
const logged = ({ signingKey: _key, executionStats: _stats, ...fields }: ReturnType<typeof domain.hookResponse>) => fields;

/** The tenant's webhooks (webhooks.md §4): Logto's routes, with Gatehouse's search, filter and resend. */
export const hookRoutes = (db: Db, { access, withTenantWrite }: ManagementKit, { secretsKey, hooks: settings }: { secretsKey: SecretsKey; hooks: HookSettings }) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);
  const withStats = async (tenantId: string, rows: store.HookRow[], include: boolean) => {
    const stats = include ? await store.executionStats(db, tenantId, rows.map((row) => row.id)) : undefined;
    return rows.map((row) => domain.hookResponse(row, stats && (stats.get(row.id) ?? { successCount: 0, requestCount: 0 })));
  };

  routes.get('/hooks', {
    scope: 'read:data',
    summary: 'List webhooks, the newest first; q searches names, enabled=true|false filters; includeExecutionStats=true adds the last 24 hours’ counts.',
    query: hookListFilters,
    response: hookGuard,
    list: true,
  }, async (c, { query: { filters, ...page } }) => {
    const tenantId = c.var.tenant.id;
    const listed = await store.listHooks(db, tenantId, page, { enabled: filters.enabled === undefined ? undefined : filters.enabled === 'true' });
    return sendPage(c, { ...listed, items: await withStats(tenantId, listed.items, filters.includeExecutionStats === 'true') });
  });

  routes.post('/hooks', {
    scope: 'write:data',
    summary: 'Create a webhook; the server makes its signing key.',
    body: createHookGuard,
    response: hookGuard,
    status: 201,
    errors: ['hook.missing_events', 'hook.endpoint_not_allowed', 'subscription.quota_exceeded'],
  }, async (c, { body }) => {
    answer(await domain.checkEndpoint(settings, body.config.url));
    const created = await withTenantWrite(c, async ({ tx, tenant, checkQuota, log }) => {
      await checkQuota('hooksLimit');
      const row = answer(await domain.createHook(tx, tenant.id, secretsKey, body));
      const response = domain.hookResponse(row);
      await log({ key: 'Management.Hook.Created', targetId: row.id, changes: { ...creationOf(logged(response)), signingKey: { from: null, to: redacted } } });
      return response;
    });
    return c.json(created, 201);
  });

  routes.get('/hooks/dev-inbox', {
    scope: 'read:data',
    summary: "The URL of the tenant's dev webhook inbox `name` (default inbox), with that inbox's own token; 404 where the server has none (mail goes over SMTP).",
    query: devInboxQuery,
    response: devInboxGuard,
    errors: ['route.not_found'],
  }, async (c, { query }) => {
    if (!settings.devInbox) throw new HttpError('route.not_found', 'This server has no dev webhook inbox: its mail goes over SMTP.');
    return c.json({ url: devInboxUrl(settings.publicUrl, settings.devInbox.token, c.var.tenant.id, query.name ?? defaultDevInboxName) });
  });

  routes.get('/hooks/:id', {
    scope: 'read:data',
    summary: 'Get a webhook; includeExecutionStats=true adds the last 24 hours’ counts.',
    query: hookQueryGuard.shape,
    response: hookGuard,
    errors: ['entity.not_exists_with_id'],
  }, async (c, { params: { id }, query }) => {
    const row = answer(await domain.hookOf(db, c.var.tenant.id, id));
    const [hook] = await withStats(c.var.tenant.id, [row], query.includeExecutionStats === 'true');
    return c.json(hook!);
  });

  routes.patch('/hooks/:id', {
    scope: 'write:data',
    summary: 'Update a webhook: any of name, events, config (replaced whole) and enabled. Disabling it cancels its waiting deliveries.',
    body: patchHookGuard,
    response: hookGuard,
    errors: ['entity.not_exists_with_id', 'hook.missing_events', 'hook.endpoint_not_allowed'],
  }, async (c, { body, params: { id } }) => {
    answer(await domain.checkEndpoint(settings, body.config?.url));
    const updated = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const { before, after } = answer(await domain.updateHook(tx, tenant.id, id, body));
      const response = domain.hookResponse(after);
      await log({ key: 'Management.Hook.Updated', targetId: id, changes: changesOf(logged(domain.hookResponse(before)), logged(response)) });
      return response;
    });
    return c.json(updated);
  });

  routes.patch('/hooks/:id/signing-key', {
    scope: 'write:data',
    summary: 'Make a new signing key for the webhook: signatures of the old one stop verifying at once.',
    response: hookGuard,
    errors: ['entity.not_exists_with_id'],
  }, async (c, { params: { id } }) => {
    const updated = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const row = answer(await domain.regenerateSigningKey(tx, tenant.id, secretsKey, id));
      await log({ key: 'Management.Hook.Updated', targetId: id, changes: { signingKey: { from: redacted, to: redacted } } });
      return domain.hookResponse(row);
    });
    return c.json(updated);
  });

  routes.delete('/hooks/:id', {
    scope: 'delete:data',
    summary: 'Delete a webhook and its waiting deliveries; its delivery logs stay.',
    errors: ['entity.not_exists_with_id'],
  }, async (c, { params: { id } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const row = answer(await domain.hookOf(tx, tenant.id, id));
      await store.deleteHook(tx, tenant.id, id);
      await log({ key: 'Management.Hook.Deleted', targetId: id, changes: deletionOf(logged(domain.hookResponse(row))) });
    });
    return c.body(null, 204);
  });

  routes.post('/hooks/:id/test', {
    scope: 'write:data',
    summary: "Send a sample payload of each given event to the given (unsaved) URL and headers, signed with the hook's saved key, and wait for the answers.",
    body: testHookGuard,
    status: 204,
    errors: ['entity.not_exists_with_id', 'hook.endpoint_not_allowed', 'hook.endpoint_responded_with_error', 'hook.send_test_payload_failed'],
  }, async (c, { body, params: { id } }) => {
    const row = answer(await domain.hookOf(db, c.var.tenant.id, id));
    answer(await domain.checkEndpoint(settings, body.config.url));
    const failure = await sendTestPayloads(settings, row, body);
    if (failure?.kind === 'response') {
      throw new HttpError('hook.endpoint_responded_with_error', `The endpoint answered ${failure.status}.`, { responseStatus: failure.status, responseBody: failure.body });
    }
    if (failure) throw new HttpError('hook.send_test_payload_failed', `The test payload could not be sent: ${failure.message}`);
    return c.body(null, 204);
  });

  routes.get('/hooks/:id/recent-logs', {
    scope: 'read:data',
    summary: "List the webhook's delivery attempts (TriggerHook.{event} logs), newest first; logKey filters by event, deliveryId by delivery (its attempts); start_time and end_time (unix ms, inclusive) default to the last 24 hours.",
    query: hookLogFilters,
    response: hookLogGuard,
    list: true,
    errors: ['entity.not_exists_with_id', 'log.invalid_time_window'],
  }, async (c, { params: { id }, query: { filters, ...page } }) => {
    const tenantId = c.var.tenant.id;
    answer(await domain.hookOf(db, tenantId, id));
    const start = filters.start_time ?? (filters.end_time ?? Date.now()) - hookStatsWindowMs;
    const window = answer(logWindowOf(start, filters.end_time));
    return sendPage(c, await listHookLogs(db, tenantId, id, page, { logKey: filters.logKey, deliveryId: filters.deliveryId, startTime: window.startTime!, endBefore: window.endBefore }));
  });

  routes.post('/hooks/:id/deliveries/:logId/resend', {
    scope: 'write:data',
    summary: 'Send the delivery of this attempt again, now, as one more attempt (same webhook-id); answers at once.',
    status: 202,
    errors: ['entity.not_exists_with_id'],
  }, async (c, { params: { id, logId } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.hookOf(tx, tenant.id, id));
      const attempt = answer(found(await findHookLog(tx, tenant.id, logId, { hookId: id }), logId));
      const { deliveryId, event, hookRequest } = attempt.payload;
      const sequence = Number((hookRequest.body as { sequence?: unknown } | null)?.sequence ?? 0);
      await resendDelivery(tx, tenant.id, { id: deliveryId, hookId: id, event: event as Parameters<typeof resendDelivery>[2]['event'], body: JSON.stringify(hookRequest.body), sequence });
      await announceDeliveries(tx);
      await log({ key: 'Management.Hook.Updated', targetId: id, resent: { deliveryId, logId } });
    });
    return c.body(null, 202);
  });

  return app;
};
