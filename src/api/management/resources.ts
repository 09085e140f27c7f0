import * as z from 'zod/mini';
import {
  resourceGuard,
  scopeGuard,
  type CreateResource,
  type CreateScope,
  type PatchResource,
  type PatchScope,
  type Resource,
  type Scope,
} from '#schemas/resource.ts';
import type { ListQuery } from '#schemas/paging.ts';
import type { ListRequester, Page } from '../client.ts';
import { pageOf, searchOf } from './pages.ts';

const resourcePath = (id: string) => `/api/resources/${encodeURIComponent(id)}`;
const scopePath = (resourceId: string, scopeId: string) => `${resourcePath(resourceId)}/scopes/${encodeURIComponent(scopeId)}`;

/** An API resource with all its permissions (GET /resources?includeScopes=true), for the permission pickers. */
const resourceWithScopesGuard = z.extend(resourceGuard, { scopes: z.array(scopeGuard) });
export type ResourceWithScopes = z.infer<typeof resourceWithScopesGuard>;

/** A tenant's API resources and their permissions, on its management API (spec 02 §2, api-resources.md §7). */
export const createResourcesApi = (tenant: (tenantId: string) => ListRequester) => ({
  /** GET /resources: management API first, then the newest; `q` searches name and identifier. */
  listResources: async (tenantId: string, { page, pageSize, q }: ListQuery): Promise<Page<Resource>> =>
    pageOf(resourceGuard, await tenant(tenantId).getPage('/api/resources', { page, pageSize, query: searchOf(q) })),
  listResourcesWithScopes: async (tenantId: string, { page, pageSize }: ListQuery): Promise<Page<ResourceWithScopes>> =>
    pageOf(resourceWithScopesGuard, await tenant(tenantId).getPage('/api/resources', { page, pageSize, query: { includeScopes: 'true' } })),
  getResource: async (tenantId: string, id: string): Promise<Resource> =>
    resourceGuard.parse(await tenant(tenantId).request('GET', resourcePath(id))),
  /** POST /resources: 422 when the identifier is in use or reserved, 403 beyond the plan's quota. */
  createResource: async (tenantId: string, body: CreateResource): Promise<Resource> =>
    resourceGuard.parse(await tenant(tenantId).request('POST', '/api/resources', { body })),
  updateResource: async (tenantId: string, id: string, body: PatchResource): Promise<Resource> =>
    resourceGuard.parse(await tenant(tenantId).request('PATCH', resourcePath(id), { body })),
  /** PATCH /resources/{id}/is-default: at most one default API; turning one on turns the previous one off. */
  setDefaultResource: async (tenantId: string, id: string, isDefault: boolean): Promise<Resource> =>
    resourceGuard.parse(await tenant(tenantId).request('PATCH', `${resourcePath(id)}/is-default`, { body: { isDefault } })),
  deleteResource: async (tenantId: string, id: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', resourcePath(id));
  },
  /** GET /resources/{id}/scopes: `q` searches name and description. */
  listScopes: async (tenantId: string, resourceId: string, { page, pageSize, q }: ListQuery): Promise<Page<Scope>> =>
    pageOf(scopeGuard, await tenant(tenantId).getPage(`${resourcePath(resourceId)}/scopes`, { page, pageSize, query: searchOf(q) })),
  /** POST /resources/{id}/scopes: 400 for whitespace, 422 for a name in use, 403 beyond the plan's quota. */
  createScope: async (tenantId: string, resourceId: string, body: CreateScope): Promise<Scope> =>
    scopeGuard.parse(await tenant(tenantId).request('POST', `${resourcePath(resourceId)}/scopes`, { body })),
  updateScope: async (tenantId: string, resourceId: string, scopeId: string, body: PatchScope): Promise<Scope> =>
    scopeGuard.parse(await tenant(tenantId).request('PATCH', scopePath(resourceId, scopeId), { body })),
  deleteScope: async (tenantId: string, resourceId: string, scopeId: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', scopePath(resourceId, scopeId));
  },
});
export type ResourcesApi = ReturnType<typeof createResourcesApi>;
