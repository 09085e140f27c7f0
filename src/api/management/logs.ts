import { logItemGuard, logRetentionGuard, type LogItem } from '#schemas/log.ts';
import type { ListQuery } from '#schemas/paging.ts';
import type { ListRequester, Page } from '../client.ts';
import { pageOf } from './pages.ts';

/** What the audit log is asked for: a page, and the filters of GET /logs (times in unix ms, both inclusive). */
export type LogListQuery = Omit<ListQuery, 'q'> & {
  userId?: string;
  applicationId?: string;
  logKey?: string;
  sessionId?: string;
  startTime?: number;
  endTime?: number;
};


const definedOf = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string | number>;

/** A tenant's audit log on its management API (audit-logs.md §4). */
export const createLogsApi = (tenant: (tenantId: string) => ListRequester) => ({
  /** GET /logs: newest first, with the count capped at 10,000 (`capped` then says there are more). */
  listLogs: async (tenantId: string, { page, pageSize, userId, applicationId, logKey, sessionId, startTime, endTime }: LogListQuery): Promise<Page<LogItem>> => {
    const query = definedOf({ userId, applicationId, logKey, sessionId, start_time: startTime, end_time: endTime, enableCap: 'true' });
    return pageOf(logItemGuard, await tenant(tenantId).getPage('/api/logs', { page, pageSize, query }));
  },
  /** GET /logs/retention: how many days of logs the tenant keeps (its plan's, or the server's setting); null for all. */
  getRetention: async (tenantId: string): Promise<number | null> =>
    logRetentionGuard.parse(await tenant(tenantId).request('GET', '/api/logs/retention')).auditLogRetentionDays,
  getLog: async (tenantId: string, id: string): Promise<LogItem> =>
    logItemGuard.parse(await tenant(tenantId).request('GET', `/api/logs/${encodeURIComponent(id)}`)),
});
export type LogsApi = ReturnType<typeof createLogsApi>;
