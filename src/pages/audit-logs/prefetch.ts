import type { RouterContext } from '#src/app/router-context.ts';
import { userKeys } from '#src/data/keys.ts';
import { logQueries } from '#src/data/logs.ts';
import { hasFeature } from '#src/edition.ts';
import type { Tenant } from '#schemas/tenant.ts';
import type { LogListSearch } from '#schemas/list-search/logs.ts';
import type { FixedFilters } from './log-scope.ts';
import { logListQueryOf } from './log-window.ts';
import { logRetentionOf } from './retention.ts';

/** A route loader's start of the list's request, with the code of the route: the same query the table then reads. */
export function prefetchLogList({ config, api, queryClient, tenants }: RouterContext, tenantId: string, fixed: FixedFilters, search: LogListSearch) {
  const planId = (queryClient.getQueryData<Tenant[]>(userKeys.tenants) ?? tenants).find(({ id }) => id === tenantId)?.planId;
  const retention = logQueries.retention(api, tenantId);
  void queryClient.prefetchQuery(retention);
  const { days } = logRetentionOf({ quotas: hasFeature(config.edition, 'quotas'), planId, kept: queryClient.getQueryData(retention.queryKey) });
  void queryClient.prefetchQuery(logQueries.list(api, tenantId, logListQueryOf(fixed, search, days, Date.now())));
}
