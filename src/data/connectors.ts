import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { createConnectorsApi, type ConnectorTest, type CreateConnector, type PatchConnector } from '../api/management/connectors.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation, type WriteOptions } from './mutation.ts';
import { useTenantScope } from './tenant-scope.ts';

// Made on first use, here rather than in the API client (see ManagementApis).
const connectorsApi = (api: ApiClient) => (api.connectors ??= createConnectorsApi(api.tenant));

/** A tenant's connectors and the factories it can make them from (the factories never change while the server runs). */
export const connectorQueries = {
  list: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'connectors'), queryFn: () => connectorsApi(api).listConnectors(tenantId) }),
  detail: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'connectors', { id }), queryFn: () => connectorsApi(api).getConnector(tenantId, id) }),
  factories: (api: ApiClient, tenantId: string) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'connectors', { factories: true }),
      queryFn: () => connectorsApi(api).listFactories(tenantId),
      staleTime: Infinity,
    }),
  factory: (api: ApiClient, tenantId: string, factoryId: string) =>
    queryOptions({
      queryKey: tenantKeys.detail(tenantId, 'connectors', { factoryId }),
      queryFn: () => connectorsApi(api).getFactory(tenantId, factoryId),
      staleTime: Infinity,
    }),
};

export const useCreateConnector = (options?: WriteOptions) =>
  useTenantMutation('connectors', ({ api, tenantId }, body: CreateConnector) => connectorsApi(api).createConnector(tenantId, body), options);

export const useUpdateConnector = (id: string, options?: WriteOptions) =>
  useTenantMutation('connectors', ({ api, tenantId }, body: PatchConnector) => connectorsApi(api).updateConnector(tenantId, id, body), options);

export const useDeleteConnector = () =>
  useTenantMutation('connectors', ({ api, tenantId }, id: string) => connectorsApi(api).deleteConnector(tenantId, id));

/** A test send changes nothing stored: a plain request, whose failure the send-test flow shows itself. */
export function useTestConnector() {
  const { api, tenantId } = useTenantScope();
  return (factoryId: string, body: ConnectorTest) => connectorsApi(api).testConnector(tenantId, factoryId, body);
}
