import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { Tenant } from '../../schemas/tenant.ts';
import type { ApiClient } from '../api/client.ts';
import { userKeys } from './keys.ts';

/**
 * The user's tenants. The session loads them and seeds this query; it is fetched again only when invalidated (after
 * writes, in cloud, for the usage and quota each tenant carries).
 */
export const tenantQueries = {
  list: (api: ApiClient) => queryOptions({ queryKey: userKeys.tenants, queryFn: () => api.tenants.listTenants() }),
};

/** The user's tenants as the cache holds them now (route loaders read the router context's copy). */
export function useTenants(): Tenant[] {
  const { api, tenants } = useRouteContext({ from: '__root__' });
  return useQuery({ ...tenantQueries.list(api), initialData: tenants }).data;
}
