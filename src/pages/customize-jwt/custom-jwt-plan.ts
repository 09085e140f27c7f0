import { useQuery } from '@tanstack/react-query';
import { quotaOf } from '#schemas/quota.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { billingQueries } from '#src/data/billing.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useFeature } from '#src/edition.ts';
import { quotaSatisfied } from '#src/rules/quota.ts';
import { useConfig } from '#src/config.ts';

/**
 * Whether the tenant's plan includes custom JWT (spec 01 §9 `customJwtEnabled`): the server's quota once read, the
 * plan's until then; always in the self-hosted edition. The server refuses a save on a plan without it too.
 */
export function useCustomJwtPlan(): { enabled: boolean; planId?: string } {
  const { edition } = useConfig();
  const quotas = useFeature('quotas');
  const tenant = useCurrentTenant();
  const usage = useQuery({ ...useTenantQueries(billingQueries).usage(), enabled: quotas }).data;
  if (!quotas) return { enabled: true };
  const limit = usage ? usage.quota.customJwtEnabled : quotaOf(tenant.planId, 'customJwtEnabled');
  return { enabled: quotaSatisfied(edition, limit ?? null, 0, { strict: true }), planId: tenant.planId };
}
