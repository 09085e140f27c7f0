import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { tenantKeys } from './keys.ts';

/** The tenant's own endpoint (its issuer is `{endpoint}/oidc`); it never changes while the tenant exists. */
export const tenantEndpointQuery = (api: ApiClient, tenantId: string) =>
  queryOptions({
    queryKey: tenantKeys.detail(tenantId, 'endpoint'),
    queryFn: async () => (await api.tenants.getTenantEndpoint(tenantId)).user,
    staleTime: Infinity,
  });
