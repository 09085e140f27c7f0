import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { Tenant } from '#schemas/tenant.ts';
import type { ApiClient } from '../api/client.ts';
import { userKeys } from './keys.ts';

/**
 * The user's tenants. The session loads them and seeds this query; it is fetched again only when invalidated (after
 * writes, in cloud, for the usage and quota each tenant carries).
 */
export const tenantQueries = {
  list: (api: ApiClient) => queryOptions({ queryKey: userKeys.tenants, queryFn: () => api.tenants.listTenants() }),
  /**
   * The invitations to join more tenants that are still pending, fetched again whenever the tenant list changes (an
   * invitation accepted elsewhere is no longer pending); a failure shows none.
   */
  pendingInvitations: (api: ApiClient, tenantIds: string[]) =>
    queryOptions({
      queryKey: [...userKeys.invitations, { tenantIds }],
      queryFn: async () => (await api.invitations.listMyInvitations()).filter(({ status }) => status === 'Pending'),
      placeholderData: (previous) => previous,
    }),
};

/** The user's tenants as the cache holds them now (route loaders read the router context's copy). */
export function useTenants(): Tenant[] {
  const { api, tenants } = useRouteContext({ from: '__root__' });
  return useQuery({ ...tenantQueries.list(api), initialData: tenants }).data;
}
