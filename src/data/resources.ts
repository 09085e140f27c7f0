import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery } from '../../schemas/paging.ts';
import type { CreateResource, CreateScope, PatchResource, PatchScope } from '../../schemas/resource.ts';
import type { ApiClient } from '../api/client.ts';
import { allPages } from '../api/management/pages.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation } from './mutation.ts';

/** A tenant's API resources and their permissions; permissions are keyed under the resources, so any write refetches both. */
export const resourceQueries = {
  list: (api: ApiClient, tenantId: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'resources', query),
      queryFn: () => api.resources.listResources(tenantId, query),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'resources', { id }), queryFn: () => api.resources.getResource(tenantId, id) }),
  scopes: (api: ApiClient, tenantId: string, resourceId: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'resources', { resourceId, ...query }),
      queryFn: () => api.resources.listScopes(tenantId, resourceId, query),
      placeholderData: keepPreviousData,
    }),
  /** Every API resource with all its permissions, for the permission pickers. */
  withScopes: (api: ApiClient, tenantId: string) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'resources', { includeScopes: true }),
      queryFn: () => allPages((query) => api.resources.listResourcesWithScopes(tenantId, query)),
    }),
};

export const useCreateResource = (tenantId: string) =>
  useTenantMutation(tenantId, 'resources', (api, body: CreateResource) => api.resources.createResource(tenantId, body));

/** Saves the general tab: name and token lifetime, then the default switch when it changed. */
export const useSaveResource = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'resources', async (api, { patch, isDefault }: { patch: PatchResource; isDefault?: boolean }) => {
    const updated = Object.keys(patch).length ? await api.resources.updateResource(tenantId, id, patch) : undefined;
    return isDefault === undefined ? updated : api.resources.setDefaultResource(tenantId, id, isDefault);
  });

export const useDeleteResource = (tenantId: string) =>
  useTenantMutation(tenantId, 'resources', (api, id: string) => api.resources.deleteResource(tenantId, id));

export const useCreateScope = (tenantId: string, resourceId: string) =>
  useTenantMutation(tenantId, 'resources', (api, body: CreateScope) => api.resources.createScope(tenantId, resourceId, body));

export const useUpdateScope = (tenantId: string, resourceId: string) =>
  useTenantMutation(tenantId, 'resources', (api, { scopeId, patch }: { scopeId: string; patch: PatchScope }) =>
    api.resources.updateScope(tenantId, resourceId, scopeId, patch),
  );

export const useDeleteScope = (tenantId: string, resourceId: string) =>
  useTenantMutation(tenantId, 'resources', (api, scopeId: string) => api.resources.deleteScope(tenantId, resourceId, scopeId));
