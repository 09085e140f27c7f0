import { reservedIndicatorPrefix, type CreateResource, type CreateScope, type PatchScope } from '#schemas/resource.ts';
import type { Db } from '#server/db/client.ts';
import { ok, type Result } from '#server/result.ts';
import { found, notExists, uniqueOr, type NotExists } from '../refusals.ts';
import * as store from './store.ts';

/** An API resource's rules: the built-in management API stays as it is, and indicators and permission names are unique. */

export type ResourceRefusal =
  | NotExists
  | { reason: 'resource.cannot_modify_management_api' | 'resource.cannot_delete_management_api' }
  | { reason: 'resource.reserved_indicator' | 'resource.resource_identifier_in_use' | 'scope.name_exists' };

const managementApi = (action: 'modify' | 'delete') => ({ ok: false, reason: `resource.cannot_${action}_management_api` }) as const;
const scopeNameExists = { ok: false, reason: 'scope.name_exists' } as const;

/** The resource; with `modifiable`, refused for the built-in management API. */
export const resourceOf = async (db: Db, tenantId: string, id: string, { modifiable = false } = {}) => {
  const resource = await store.findResource(db, tenantId, id);
  if (!resource) return notExists(id);
  return modifiable && resource.isBuiltIn ? managementApi('modify') : ok(resource);
};

/** The resource, refused for the built-in management API, which is never deleted. */
export const deletableResourceOf = async (db: Db, tenantId: string, id: string) => {
  const resource = await store.findResource(db, tenantId, id);
  if (!resource) return notExists(id);
  return resource.isBuiltIn ? managementApi('delete') : ok(resource);
};

/** The resource's permission. */
export const scopeOf = async (db: Db, tenantId: string, resourceId: string, id: string) => found(await store.findScope(db, tenantId, resourceId, id), id);

/** Indicators under the reserved prefix are the server's own APIs: nobody may create a look-alike. */
export const indicatorAllowed = (indicator: string): Result<void, { reason: 'resource.reserved_indicator' }> =>
  indicator.toLowerCase().startsWith(reservedIndicatorPrefix) ? { ok: false, reason: 'resource.reserved_indicator' } : ok(undefined);

/** The resource created, refused when another one of the tenant has its indicator. */
export const createResource = (db: Db, tenantId: string, input: CreateResource) =>
  uniqueOr(store.insertResource(db, tenantId, input), 'resources_tenant_id_indicator', { ok: false, reason: 'resource.resource_identifier_in_use' } as const);

/** The permission created, refused when the resource has one of its name. */
export const createScope = (db: Db, tenantId: string, resourceId: string, input: CreateScope) =>
  uniqueOr(store.insertScope(db, tenantId, resourceId, input), 'scopes_tenant_id_resource_id_name', scopeNameExists);

/** The permission updated (it exists), refused when the resource has another one of its new name. */
export const updateScope = async (db: Db, tenantId: string, resourceId: string, id: string, patch: PatchScope) => {
  const updated = await uniqueOr(store.updateScope(db, tenantId, resourceId, id, patch), 'scopes_tenant_id_resource_id_name', scopeNameExists);
  return updated.ok ? ok(updated.value!) : updated;
};
