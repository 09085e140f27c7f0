import { useQuery } from '@tanstack/react-query';
import { isQuotaSatisfied } from '#schemas/quota.ts';
import { billingQueries } from '#src/data/billing.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useFeature } from '#src/edition.ts';

/**
 * Whether the plan's webhooks are all used (spec 01 §9 `hooksLimit`), in cloud; false in the self-hosted edition or
 * until the usage is loaded. The server checks it too: this only spares a refusal.
 */
export function useHookQuotaReached() {
  const billing = useTenantQueries(billingQueries);
  const quotas = useFeature('quotas');
  const usage = useQuery({ ...billing.usage(), enabled: quotas }).data;
  if (!quotas || !usage) return false;
  return !isQuotaSatisfied(usage.quota.hooksLimit, Number(usage.usage.hooksLimit), { strict: true });
}
