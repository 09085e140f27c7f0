import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { tenantKeys } from './keys.ts';

/**
 * The signed-in member's own scopes in a tenant (cloud), as the server has them: the tenant's route starts fetching
 * them as it opens (beside the page's data), and the scope check reads them. Apart from the members' queries, which
 * bring the mutations with them, because the first screen fetches these.
 */
export const ownScopesQuery = (api: ApiClient, tenantId: string, userId: () => Promise<string>) =>
  queryOptions({
    queryKey: tenantKeys.detail(tenantId, 'members', { scopes: 'own' }),
    queryFn: async () => (await api.members.getMemberScopes(tenantId, await userId())).map(({ name }) => name),
  });
