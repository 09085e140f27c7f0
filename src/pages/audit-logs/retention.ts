import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { quotaOf, type PlanQuota } from '../../../schemas/quota.ts';
import { billingQueries } from '../../data/billing.ts';
import { useTenants } from '../../data/tenants.ts';
import { useFeature } from '../../edition.ts';

/** How many days of logs a tenant keeps (null: without limit), and on which plan (cloud). */
export type LogRetention = { days: number | null; planId?: string };

/**
 * The one place that decides a tenant's log retention (audit-logs.md §6): in cloud, the plan's
 * `auditLogsRetentionDays`, as the tenant's enforced quota says once it is loaded and as the plan says until then;
 * self-hosted keeps logs without limit.
 */
export function logRetentionOf({ quotas, planId, quota }: { quotas: boolean; planId?: string; quota?: PlanQuota }): LogRetention {
  if (!quotas || !planId) return { days: null };
  const value = quota ? quota.auditLogsRetentionDays : quotaOf(planId, 'auditLogsRetentionDays');
  return { days: typeof value === 'number' ? value : null, planId };
}

/** The current tenant's log retention. */
export function useLogRetention(tenantId: string): LogRetention {
  const { api } = useRouteContext({ from: '__root__' });
  const quotas = useFeature('quotas');
  const planId = useTenants().find(({ id }) => id === tenantId)?.planId;
  const usage = useQuery({ ...billingQueries.usage(api, tenantId), enabled: quotas }).data;
  return logRetentionOf({ quotas, planId, quota: usage?.quota });
}
