import { Hono } from 'hono';
import {
  createResourceGuard,
  createScopeGuard,
  patchResourceGuard,
  patchScopeGuard,
  resourceGuard,
  scopeGuard,
  setDefaultResourceGuard,
} from '#schemas/resource.ts';
import { resourceListFilters } from '#schemas/list-search/resources.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import * as domain from '#server/tenant/resources/domain.ts';
import * as store from '#server/tenant/resources/store.ts';
import { changesOf, creationOf, deletionOf } from '../audit.ts';
import { sendPage, type ManagementEnv, type ManagementKit } from '../kit.ts';
import { answer } from './resource-errors.ts';

/** API resources and their permissions (spec 02 §2, api-resources.md §7). */
export const resourceRoutes = (db: Db, { access, withTenantWrite }: ManagementKit) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);

  routes.get('/resources', {
    scope: 'read:data',
    summary: 'List API resources; with includeScopes=true, each with its permissions.',
    query: resourceListFilters,
    response: resourceGuard,
    list: true,
  }, async (c, { query: { filters, ...page } }) => {
    const tenantId = c.var.tenant.id;
    const listed = await store.listResources(db, tenantId, page);
    if (filters.includeScopes !== 'true') return sendPage(c, listed);
    const scopes = await store.scopesOfResources(db, tenantId, listed.items.map((resource) => resource.id));
    return sendPage(c, { ...listed, items: listed.items.map((resource) => ({ ...resource, scopes: scopes.get(resource.id) ?? [] })) });
  });

  routes.post('/resources', {
    scope: 'write:data',
    summary: 'Create an API resource.',
    body: createResourceGuard,
    response: resourceGuard,
    status: 201,
    errors: ['subscription.quota_exceeded', 'resource.reserved_indicator', 'resource.resource_identifier_in_use'],
  }, async (c, { body: input }) => {
    answer(domain.indicatorAllowed(input.indicator));
    const resource = await withTenantWrite(c, async ({ tx, tenant, checkQuota, log }) => {
      await checkQuota('resourcesLimit');
      const created = answer(await domain.createResource(tx, tenant.id, input));
      await log({ key: 'Management.Resource.Created', targetId: created.id, changes: creationOf(created) });
      return created;
    });
    return c.json({ ...resource, scopes: [] }, 201);
  });

  routes.get('/resources/:id', {
    scope: 'read:data',
    summary: 'Get an API resource.',
    response: resourceGuard,
    errors: ['entity.not_exists_with_id'],
  }, async (c, { params }) => c.json(answer(await domain.resourceOf(db, c.var.tenant.id, params.id))));

  /** Name and token lifetime; of the management API only its token lifetime. */
  routes.patch('/resources/:id', {
    scope: 'write:data',
    summary: 'Update an API resource.',
    body: patchResourceGuard,
    response: resourceGuard,
    errors: ['resource.cannot_modify_management_api', 'entity.not_exists_with_id'],
  }, async (c, { body: patch, params: { id } }) => {
    const updated = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const before = answer(await domain.resourceOf(tx, tenant.id, id, { modifiable: patch.name !== undefined }));
      const after = (await store.updateResource(tx, tenant.id, id, patch))!;
      await log({ key: 'Management.Resource.Updated', targetId: id, changes: changesOf(before, after) });
      return after;
    });
    return c.json(updated);
  });

  routes.patch('/resources/:id/is-default', {
    scope: 'write:data',
    summary: 'Make an API resource the default one, or not.',
    body: setDefaultResourceGuard,
    response: resourceGuard,
    errors: ['resource.cannot_modify_management_api', 'entity.not_exists_with_id'],
  }, async (c, { body: { isDefault }, params: { id } }) => {
    const updated = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const before = answer(await domain.resourceOf(tx, tenant.id, id, { modifiable: true }));
      const after = (await store.setDefaultResource(tx, tenant.id, id, isDefault))!;
      await log({ key: 'Management.Resource.Updated', targetId: id, changes: changesOf(before, after) });
      return after;
    });
    return c.json(updated);
  });

  routes.delete('/resources/:id', {
    scope: 'delete:data',
    summary: 'Delete an API resource with its permissions.',
    errors: ['resource.cannot_delete_management_api', 'entity.not_exists_with_id'],
  }, async (c, { params: { id } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const resource = answer(await domain.deletableResourceOf(tx, tenant.id, id));
      await store.deleteResource(tx, tenant.id, id);
      await log({ key: 'Management.Resource.Deleted', targetId: id, changes: deletionOf(resource) });
    });
    return c.body(null, 204);
  });

  routes.get('/resources/:id/scopes', {
    scope: 'read:data',
    summary: 'List the permissions of an API resource.',
    response: scopeGuard,
    list: true,
    errors: ['entity.not_exists_with_id'],
  }, async (c, { params, query }) => {
    const resource = answer(await domain.resourceOf(db, c.var.tenant.id, params.id));
    return sendPage(c, await store.listScopes(db, c.var.tenant.id, resource.id, query));
  });

  routes.post('/resources/:id/scopes', {
    scope: 'write:data',
    summary: 'Create a permission of an API resource.',
    body: createScopeGuard,
    response: scopeGuard,
    status: 201,
    errors: ['resource.cannot_modify_management_api', 'entity.not_exists_with_id', 'subscription.quota_exceeded', 'scope.name_exists'],
  }, async (c, { body: input, params: { id } }) => {
    const scope = await withTenantWrite(c, async ({ tx, tenant, checkQuota, log }) => {
      answer(await domain.resourceOf(tx, tenant.id, id, { modifiable: true }));
      await checkQuota('scopesPerResourceLimit', id);
      const created = answer(await domain.createScope(tx, tenant.id, id, input));
      await log({ key: 'Management.Scope.Created', targetId: created.id, changes: creationOf(created), hookData: created });
      return created;
    });
    return c.json(scope, 201);
  });

  routes.get('/resources/:id/scopes/:scopeId', {
    scope: 'read:data',
    summary: 'Get a permission.',
    response: scopeGuard,
    errors: ['entity.not_exists_with_id'],
  }, async (c, { params: { id, scopeId } }) => {
    return c.json(answer(await domain.scopeOf(db, c.var.tenant.id, id, scopeId)));
  });

  routes.patch('/resources/:id/scopes/:scopeId', {
    scope: 'write:data',
    summary: 'Update a permission.',
    body: patchScopeGuard,
    response: scopeGuard,
    errors: ['resource.cannot_modify_management_api', 'entity.not_exists_with_id', 'scope.name_exists'],
  }, async (c, { body: patch, params: { id, scopeId } }) => {
    const scope = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.resourceOf(tx, tenant.id, id, { modifiable: true }));
      const before = answer(await domain.scopeOf(tx, tenant.id, id, scopeId));
      const updated = answer(await domain.updateScope(tx, tenant.id, id, scopeId, patch));
      await log({ key: 'Management.Scope.Updated', targetId: scopeId, changes: changesOf(before, updated), hookData: updated });
      return updated;
    });
    return c.json(scope);
  });

  routes.delete('/resources/:id/scopes/:scopeId', {
    scope: 'delete:data',
    summary: 'Delete a permission.',
    errors: ['resource.cannot_modify_management_api', 'entity.not_exists_with_id'],
  }, async (c, { params: { id, scopeId } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.resourceOf(tx, tenant.id, id, { modifiable: true }));
      const scope = answer(await domain.scopeOf(tx, tenant.id, id, scopeId));
      await store.deleteScope(tx, tenant.id, id, scopeId);
      await log({ key: 'Management.Scope.Deleted', targetId: scopeId, changes: deletionOf(scope), hookData: scope });
    });
    return c.body(null, 204);
  });

  return app;
};
