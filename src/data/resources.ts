import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery } from '#schemas/paging.ts';
import type { CreateResource, CreateScope, PatchResource, PatchScope } from '#schemas/resource.ts';
import type { ApiClient } from '../api/client.ts';
import { allPages } from '../api/management/pages.ts';
import { createResourcesApi } from '../api/management/resources.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation, type WriteOptions } from './mutation.ts';

// Made on first use, here rather than in the API client (see ManagementApis).
const resourcesApi = (api: ApiClient) => (api.resources ??= createResourcesApi(api.tenant));

/** A tenant's API resources and their permissions; permissions are keyed under the resources, so any write refetches both. */
export const resourceQueries = {
  list: (api: ApiClient, tenantId: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'resources', query),
      queryFn: () => resourcesApi(api).listResources(tenantId, query),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'resources', { id }), queryFn: () => resourcesApi(api).getResource(tenantId, id) }),
  scopes: (api: ApiClient, tenantId: string, resourceId: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'resources', { resourceId, ...query }),
      queryFn: () => resourcesApi(api).listScopes(tenantId, resourceId, query),
      placeholderData: keepPreviousData,
    }),
  /** Every API resource with all its permissions, for the permission pickers. */
  withScopes: (api: ApiClient, tenantId: string) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'resources', { includeScopes: true }),
      queryFn: () => allPages((query) => resourcesApi(api).listResourcesWithScopes(tenantId, query)),
    }),
};

export const useCreateResource = (options?: WriteOptions) =>
  useTenantMutation('resources', ({ api, tenantId }, body: CreateResource) => resourcesApi(api).createResource(tenantId, body), options);

/** Saves the general tab: name and token lifetime, then the default switch when it changed. */
export const useSaveResource = (id: string, options?: WriteOptions) =>
  useTenantMutation('resources', async ({ api, tenantId }, { patch, isDefault }: { patch: PatchResource; isDefault?: boolean }) => {
    const updated = Object.keys(patch).length ? await resourcesApi(api).updateResource(tenantId, id, patch) : undefined;
    return isDefault === undefined ? updated : resourcesApi(api).setDefaultResource(tenantId, id, isDefault);
  }, options);

export const useDeleteResource = () =>
  useTenantMutation('resources', ({ api, tenantId }, id: string) => resourcesApi(api).deleteResource(tenantId, id));

export const useCreateScope = (resourceId: string, options?: WriteOptions) =>
  useTenantMutation('resources', ({ api, tenantId }, body: CreateScope) => resourcesApi(api).createScope(tenantId, resourceId, body), options);

export const useUpdateScope = (resourceId: string, options?: WriteOptions) =>
  useTenantMutation(
    'resources',
    ({ api, tenantId }, { scopeId, patch }: { scopeId: string; patch: PatchScope }) => resourcesApi(api).updateScope(tenantId, resourceId, scopeId, patch),
    options,
  );

export const useDeleteScope = (resourceId: string) =>
  useTenantMutation('resources', ({ api, tenantId }, scopeId: string) => resourcesApi(api).deleteScope(tenantId, resourceId, scopeId));
