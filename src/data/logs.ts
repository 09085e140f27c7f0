import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { createLogsApi, type LogListQuery } from '../api/management/logs.ts';
import { tenantKeys } from './keys.ts';

// Made on first use, here rather than in the API client (see ManagementApis).
export const logsApi = (api: ApiClient) => (api.logs ??= createLogsApi(api.tenant));

/** A tenant's audit log (its filters' options are in log-filters.ts). */
export const logQueries = {
  list: (api: ApiClient, tenantId: string, query: LogListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'logs', query),
      queryFn: () => logsApi(api).listLogs(tenantId, query),
      placeholderData: keepPreviousData,
    }),
  /** How many days of logs the tenant keeps; null for all of them. */
  retention: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'logs', { of: 'retention' }), queryFn: () => logsApi(api).getRetention(tenantId) }),
  detail: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'logs', { id }), queryFn: () => logsApi(api).getLog(tenantId, id) }),
};
