import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { maxPageSize } from '#schemas/paging.ts';
import type { CreateHook, HookLog, PatchHook, TestHook } from '#schemas/webhook.ts';
import type { ApiClient } from '../api/client.ts';
import { createWebhooksApi, type HookListQuery, type HookLogQuery } from '../api/management/webhooks.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation, type WriteOptions } from './mutation.ts';
import { useTenantScope } from './tenant-scope.ts';

// Made on first use, here rather than in the API client (see ManagementApis).
const webhooksApi = (api: ApiClient) => (api.webhooks ??= createWebhooksApi(api.tenant));

/** How far before an attempt the timeline looks for the delivery's first: three retries with the longest backoff. */
const timelineLookBack = 4 * 60 * 60 * 1000;

/** The attempts of one delivery (its `deliveryId`), first to last: the hook's logs of that delivery from before it began. */
async function attemptsOf(api: ApiClient, tenantId: string, log: HookLog): Promise<HookLog[]> {
  const { deliveryId, hookId } = log.payload;
  const query = { pageSize: maxPageSize, deliveryId, startTime: Date.parse(log.createdAt) - timelineLookBack, endTime: Date.now() };
  const attempts: HookLog[] = [];
  // A delivery has at most 4 attempts and its resends: one page, unless resent a hundred times.
  for (let page = 1; ; page += 1) {
    const { items, total } = await webhooksApi(api).listRecentLogs(tenantId, hookId, { ...query, page });
    attempts.push(...items);
    if (items.length < maxPageSize || page * maxPageSize >= total) break;
  }
  return attempts.toSorted((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.payload.attempt - b.payload.attempt);
}

/** A tenant's webhooks and their delivery logs, all keyed under the webhooks: a write refetches the stats too. */
export const webhookQueries = {
  list: (api: ApiClient, tenantId: string, query: HookListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'webhooks', query),
      queryFn: () => webhooksApi(api).listHooks(tenantId, query),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'webhooks', { id }), queryFn: () => webhooksApi(api).getHook(tenantId, id) }),
  recentLogs: (api: ApiClient, tenantId: string, hookId: string, query: HookLogQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'webhooks', { hookId, logs: query }),
      queryFn: () => webhooksApi(api).listRecentLogs(tenantId, hookId, query),
      placeholderData: keepPreviousData,
    }),
  delivery: (api: ApiClient, tenantId: string, logId: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'webhooks', { logId }), queryFn: () => webhooksApi(api).getDeliveryLog(tenantId, logId) }),
  attempts: (api: ApiClient, tenantId: string, log: HookLog) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'webhooks', { deliveryId: log.payload.deliveryId, hookId: log.payload.hookId }),
      queryFn: () => attemptsOf(api, tenantId, log),
    }),
};

export const useCreateWebhook = (options?: WriteOptions) =>
  useTenantMutation('webhooks', ({ api, tenantId }, body: CreateHook) => webhooksApi(api).createHook(tenantId, body), options);

export const useUpdateWebhook = (id: string, options?: WriteOptions) =>
  useTenantMutation('webhooks', ({ api, tenantId }, body: PatchHook) => webhooksApi(api).updateHook(tenantId, id, body), options);

export const useRegenerateSigningKey = (id: string) =>
  useTenantMutation('webhooks', ({ api, tenantId }) => webhooksApi(api).regenerateSigningKey(tenantId, id));

export const useDeleteWebhook = () => useTenantMutation('webhooks', ({ api, tenantId }, id: string) => webhooksApi(api).deleteHook(tenantId, id));

/** The webhook calls a flow makes itself (a test send changes nothing stored; a resend's result is awaited by the flow). */
export function useWebhookCalls() {
  const { api, tenantId } = useTenantScope();
  return {
    test: (id: string, body: TestHook) => webhooksApi(api).testHook(tenantId, id, body),
    resend: (id: string, logId: string) => webhooksApi(api).resendDelivery(tenantId, id, logId),
    attempts: (log: HookLog) => attemptsOf(api, tenantId, log),
    devInbox: (name: string) => webhooksApi(api).getDevInbox(tenantId, name),
  };
}
