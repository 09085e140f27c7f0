import { useQuery } from '@tanstack/react-query';
import { quotaOf } from '#schemas/quota.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { logQueries } from '#src/data/logs.ts';
import { useTenants } from '#src/data/tenants.ts';
import { useFeature } from '#src/edition.ts';

/** How many days of logs a tenant keeps (null: without limit), and on which plan (cloud). */
export type LogRetention = { days: number | null; planId?: string };

/**
 * The one place that decides a tenant's log retention (audit-logs.md §6): what the server says it keeps
 * (GET /logs/retention: the plan's `auditLogsRetentionDays` in cloud, `AUDIT_LOG_RETENTION_DAYS` self-hosted); until
 * it has answered, the plan's days in cloud and none self-hosted.
 */
export function logRetentionOf({ quotas, planId, kept }: { quotas: boolean; planId?: string; kept?: number | null }): LogRetention {
  const plan = quotas && planId ? { planId } : {};
  if (kept !== undefined) return { days: kept, ...plan };
  const value = quotas && planId ? quotaOf(planId, 'auditLogsRetentionDays') : null;
  return { days: typeof value === 'number' ? value : null, ...plan };
}

/** The current tenant's log retention. */
export function useLogRetention(tenantId: string): LogRetention {
  const logs = useTenantQueries(logQueries);
  const quotas = useFeature('quotas');
  const planId = useTenants().find(({ id }) => id === tenantId)?.planId;
  const kept = useQuery(logs.retention()).data;
  return logRetentionOf({ quotas, planId, kept });
}
