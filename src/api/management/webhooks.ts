import type { ListQuery } from '#schemas/paging.ts';
import { devInboxGuard, hookGuard, hookLogGuard, hookLogKey, type CreateHook, type DevInbox, type Hook, type HookEvent, type HookLog, type PatchHook, type TestHook } from '#schemas/webhook.ts';
import type { ListRequester, Page } from '../client.ts';
import { pageOf, searchOf } from './pages.ts';

const hookPath = (id: string) => `/api/hooks/${encodeURIComponent(id)}`;
const withStats = { includeExecutionStats: 'true' };

/** What the webhooks list is asked for: the page, the name search and optionally enabled or disabled hooks. */
export type HookListQuery = ListQuery & { enabled?: 'true' | 'false' };
/**
 * What a hook's recent requests are asked for: the page, optionally one event or one delivery's attempts, and a window
 * (default: the last 24 h).
 */
export type HookLogQuery = { page: number; pageSize: number; event?: HookEvent; deliveryId?: string; startTime?: number; endTime?: number };

/** A tenant's webhooks and their deliveries, on its management API (webhooks.md §4). */
export const createWebhooksApi = (tenant: (tenantId: string) => ListRequester) => ({
  /** GET /hooks: newest first, each with its last 24 hours' requests and successes. */
  listHooks: async (tenantId: string, { page, pageSize, q, enabled }: HookListQuery): Promise<Page<Hook>> =>
    pageOf(hookGuard, await tenant(tenantId).getPage('/api/hooks', { page, pageSize, query: { ...searchOf(q), ...withStats, ...(enabled ? { enabled } : {}) } })),
  getHook: async (tenantId: string, id: string): Promise<Hook> => hookGuard.parse(await tenant(tenantId).request('GET', hookPath(id), { query: withStats })),
  /** POST /hooks: 403 beyond the plan's webhooks; the server makes the id and the signing key. */
  createHook: async (tenantId: string, body: CreateHook): Promise<Hook> => hookGuard.parse(await tenant(tenantId).request('POST', '/api/hooks', { body })),
  updateHook: async (tenantId: string, id: string, body: PatchHook): Promise<Hook> =>
    hookGuard.parse(await tenant(tenantId).request('PATCH', hookPath(id), { body })),
  /** PATCH /hooks/{id}/signing-key: a new key; signatures made with the old one stop verifying at once. */
  regenerateSigningKey: async (tenantId: string, id: string): Promise<Hook> =>
    hookGuard.parse(await tenant(tenantId).request('PATCH', `${hookPath(id)}/signing-key`)),
  deleteHook: async (tenantId: string, id: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', hookPath(id));
  },
  /**
   * POST /hooks/{id}/test: a sample payload of each event to the given config, signed with the saved key. 204 when the
   * endpoint answered 2xx; 422 `hook.endpoint_responded_with_error` or `hook.send_test_payload_failed` otherwise.
   */
  testHook: async (tenantId: string, id: string, body: TestHook): Promise<void> => {
    await tenant(tenantId).request('POST', `${hookPath(id)}/test`, { body });
  },
  /** GET /hooks/{id}/recent-logs: one log per delivery attempt, newest first. */
  listRecentLogs: async (tenantId: string, id: string, { page, pageSize, event, deliveryId, startTime, endTime }: HookLogQuery): Promise<Page<HookLog>> =>
    pageOf(
      hookLogGuard,
      await tenant(tenantId).getPage(`${hookPath(id)}/recent-logs`, {
        page,
        pageSize,
        query: {
          ...(event ? { logKey: hookLogKey(event) } : {}),
          ...(deliveryId ? { deliveryId } : {}),
          ...(startTime === undefined ? {} : { start_time: String(startTime) }),
          ...(endTime === undefined ? {} : { end_time: String(endTime) }),
        },
      }),
    ),
  /** GET /hooks/dev-inbox: the tenant's dev webhook inbox `name`, where the server serves one (runtime config `devWebhookInbox`). */
  getDevInbox: async (tenantId: string, name: string): Promise<DevInbox> =>
    devInboxGuard.parse(await tenant(tenantId).request('GET', '/api/hooks/dev-inbox', { query: { name } })),
  /** GET /logs/{logId}: one delivery attempt. */
  getDeliveryLog: async (tenantId: string, logId: string): Promise<HookLog> =>
    hookLogGuard.parse(await tenant(tenantId).request('GET', `/api/logs/${encodeURIComponent(logId)}`)),
  /** POST /hooks/{id}/deliveries/{logId}/resend: 202, the delivery is queued again. */
  resendDelivery: async (tenantId: string, id: string, logId: string): Promise<void> => {
    await tenant(tenantId).request('POST', `${hookPath(id)}/deliveries/${encodeURIComponent(logId)}/resend`);
  },
});
export type WebhooksApi = ReturnType<typeof createWebhooksApi>;
