import { Hono } from 'hono';
import { applicationGuard } from '#schemas/application.ts';
import { linkChangesGuard } from '#schemas/link.ts';
import {
  createRoleGuard,
  patchRoleGuard,
  roleApplicationIdsGuard,
  roleGuard,
  roleListItemGuard,
  roleScopeGuard,
  roleScopeIdsGuard,
  roleUserGuard,
  roleUserIdsGuard,
} from '#schemas/role.ts';
import { roleListFilters } from '#schemas/list-search/roles.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import * as applicationStore from '#server/tenant/applications/store.ts';
import { found } from '#server/tenant/refusals.ts';
import * as domain from '#server/tenant/roles/domain.ts';
import * as store from '#server/tenant/roles/store.ts';
import { changesOf, creationOf, deletionOf } from '../audit.ts';
import { sendPage, type ManagementEnv, type ManagementKit } from '../kit.ts';
import { answer, refuseInternalRole } from './role-errors.ts';

/**
 * A log names one user or app (its logs tab lists it): the one a link change is about, when it is about one; a change
 * of several lists them all in its payload.
 */
const onlyOne = (field: 'userId' | 'applicationId', ids: readonly string[]) => (ids.length === 1 ? { [field]: ids[0] } : {});

const notFoundError = ['entity.not_exists_with_id'] as const;
const modifyErrors = [...notFoundError, 'role.internal_role_violation'] as const;

/** Roles, their permissions, and the apps and users holding them (spec 02 §2, roles.md §7). */
export const roleRoutes = (db: Db, { access, withTenantWrite }: ManagementKit) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);

  routes.get('/roles', {
    scope: 'read:data',
    summary: 'List roles by name, each with how many users and apps hold it; filters: type, excludeUserId, excludeApplicationId.',
    response: roleListItemGuard,
    query: roleListFilters,
    list: true,
  }, async (c, { query: { filters, ...page } }) => {
    return sendPage(c, await store.listRoles(db, c.var.tenant.id, page, filters));
  });

  routes.post('/roles', {
    scope: 'write:data',
    summary: 'Create a role, with its permissions (scopeIds).',
    body: createRoleGuard,
    response: roleGuard,
    status: 201,
    errors: [
      ...notFoundError,
      'role.default_role_must_be_user_role',
      'role.management_api_scopes_not_assignable_to_user_role',
      'subscription.quota_exceeded',
      'role.internal_role_violation',
      'role.name_in_use',
    ],
    refuse: refuseInternalRole,
  }, async (c, { body }) => {
    const { scopeIds = [], type = 'User', isDefault = false, ...input } = body;
    answer(domain.defaultFits(type, isDefault));
    const role = await withTenantWrite(c, async ({ tx, tenant, checkQuota, log }) => {
      await checkQuota(type === 'User' ? 'userRolesLimit' : 'machineToMachineRolesLimit');
      const ids = answer(await domain.scopeIdsFor(tx, tenant.id, type, scopeIds));
      const created = answer(await domain.createRole(tx, tenant.id, { ...input, type, isDefault }));
      if (ids.length > 0) {
        await checkQuota('scopesPerRoleLimit', created.id, ids.length);
        await store.linkRoleScopes(tx, tenant.id, created.id, ids);
      }
      await log({ key: 'Management.Role.Created', targetId: created.id, changes: creationOf({ ...created, scopeIds: ids.length > 0 ? ids : null }), hookData: created });
      return created;
    });
    return c.json(role, 201);
  });

  routes.get('/roles/:id', { scope: 'read:data', summary: 'Get a role.', response: roleGuard, errors: notFoundError }, async (c, { params }) => c.json(answer(await domain.roleOf(db, c.var.tenant.id, params.id))));

  routes.patch('/roles/:id', {
    scope: 'write:data',
    summary: 'Update a role; its type never changes.',
    body: patchRoleGuard,
    response: roleGuard,
    errors: [...modifyErrors, 'role.default_role_must_be_user_role', 'role.name_in_use'],
    refuse: refuseInternalRole,
  }, async (c, { body: patch, params: { id } }) => {
    const updated = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const role = answer(await domain.roleOf(tx, tenant.id, id, { modifiable: true }));
      answer(domain.defaultFits(role.type, patch.isDefault));
      const after = answer(await domain.updateRole(tx, tenant.id, id, patch));
      await log({ key: 'Management.Role.Updated', targetId: id, changes: changesOf(role, after), hookData: after });
      return after;
    });
    return c.json(updated);
  });

  routes.delete('/roles/:id', { scope: 'delete:data', summary: 'Delete a role; its users and apps lose its permissions.', errors: modifyErrors }, async (c, { params: { id } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const role = answer(await domain.roleOf(tx, tenant.id, id, { modifiable: true }));
      await store.deleteRole(tx, tenant.id, id);
      await log({ key: 'Management.Role.Deleted', targetId: id, changes: deletionOf(role), hookData: role });
    });
    return c.body(null, 204);
  });

  routes.get('/roles/:id/scopes', { scope: 'read:data', summary: "List a role's permissions, each with its API resource.", response: roleScopeGuard, list: true, errors: notFoundError }, async (c, { params, query }) => {
    const role = answer(await domain.roleOf(db, c.var.tenant.id, params.id));
    return sendPage(c, await store.listRoleScopes(db, c.var.tenant.id, role.id, query));
  });

  routes.post('/roles/:id/scopes', {
    scope: 'write:data',
    summary: 'Give a role permissions; those it holds are skipped.',
    body: roleScopeIdsGuard,
    response: linkChangesGuard,
    status: 201,
    errors: [...notFoundError, 'role.management_api_scopes_not_assignable_to_user_role', 'subscription.quota_exceeded', 'role.internal_role_violation'],
  }, async (c, { body: { scopeIds }, params: { id } }) => {
    const added = await withTenantWrite(c, async ({ tx, tenant, checkQuota, log }) => {
      const role = answer(await domain.roleOf(tx, tenant.id, id, { modifiable: true }));
      const ids = answer(await domain.scopeIdsFor(tx, tenant.id, role.type, scopeIds));
      const held = new Set(await store.linkedScopeIds(tx, tenant.id, id, ids));
      const fresh = ids.filter((scopeId) => !held.has(scopeId));
      if (fresh.length === 0) return [];
      await checkQuota('scopesPerRoleLimit', id, fresh.length);
      const linked = await store.linkRoleScopes(tx, tenant.id, id, fresh);
      await log({ key: 'Management.Role.ScopesUpdated', targetId: id, added: linked, hookData: { roleId: id, addedScopeIds: linked } });
      return linked;
    });
    return c.json({ added }, 201);
  });

  routes.delete('/roles/:id/scopes/:scopeId', { scope: 'delete:data', summary: 'Take a permission from a role.', errors: modifyErrors }, async (c, { params: { id, scopeId } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.roleOf(tx, tenant.id, id, { modifiable: true }));
      answer(found(await store.unlinkRoleScope(tx, tenant.id, id, scopeId), scopeId));
      await log({ key: 'Management.Role.ScopesUpdated', targetId: id, removed: [scopeId], hookData: { roleId: id, removedScopeIds: [scopeId] } });
    });
    return c.body(null, 204);
  });

  routes.get('/roles/:id/applications', { scope: 'read:data', summary: 'List the applications holding a role, the newest first.', response: applicationGuard, list: true, errors: notFoundError }, async (c, { params, query }) => {
    const role = answer(await domain.roleOf(db, c.var.tenant.id, params.id));
    return sendPage(c, await applicationStore.listApplications(db, c.var.tenant.id, query, { roleId: role.id }));
  });

  routes.post('/roles/:id/applications', {
    scope: 'write:data',
    summary: 'Give machine-to-machine applications a machine-to-machine role; those holding it are skipped.',
    body: roleApplicationIdsGuard,
    response: linkChangesGuard,
    status: 201,
    errors: [...modifyErrors, 'application.invalid_role_type', 'application.invalid_type'],
  }, async (c, { body: { applicationIds }, params: { id } }) => {
    const added = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const role = answer(await domain.roleOf(tx, tenant.id, id, { modifiable: true }));
      const ids = answer(await domain.applicationIdsFor(tx, tenant.id, role, applicationIds));
      const linked = (await store.linkApplicationsRoles(tx, tenant.id, ids.map((applicationId) => ({ applicationId, roleId: id })))).map((link) => link.applicationId);
      if (linked.length > 0) await log({ key: 'Management.Role.AssigneesUpdated', targetId: id, ...onlyOne('applicationId', linked), applications: { added: linked } });
      return linked;
    });
    return c.json({ added }, 201);
  });

  routes.delete('/roles/:id/applications/:applicationId', { scope: 'delete:data', summary: 'Take a role from an application.', errors: modifyErrors }, async (c, { params: { id, applicationId } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.roleOf(tx, tenant.id, id, { modifiable: true }));
      answer(found(await store.unlinkApplicationRole(tx, tenant.id, applicationId, id), applicationId));
      await log({ key: 'Management.Role.AssigneesUpdated', targetId: id, applicationId, applications: { removed: [applicationId] } });
    });
    return c.body(null, 204);
  });

  routes.get('/roles/:id/users', { scope: 'read:data', summary: 'List the users holding a role.', response: roleUserGuard, list: true, errors: notFoundError }, async (c, { params, query }) => {
    const role = answer(await domain.roleOf(db, c.var.tenant.id, params.id));
    return sendPage(c, await store.listRoleUsers(db, c.var.tenant.id, role.id, query));
  });

  routes.post('/roles/:id/users', {
    scope: 'write:data',
    summary: 'Give users a user role; those holding it are skipped.',
    body: roleUserIdsGuard,
    response: linkChangesGuard,
    status: 201,
    errors: [...modifyErrors, 'user.invalid_role_type'],
  }, async (c, { body: { userIds }, params: { id } }) => {
    const added = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const role = answer(await domain.roleOf(tx, tenant.id, id, { modifiable: true }));
      const ids = answer(await domain.userIdsFor(tx, tenant.id, role, userIds));
      const linked = await store.linkUsersRole(tx, tenant.id, id, ids);
      if (linked.length > 0) await log({ key: 'Management.Role.AssigneesUpdated', targetId: id, ...onlyOne('userId', linked), users: { added: linked } });
      return linked;
    });
    return c.json({ added }, 201);
  });

  routes.delete('/roles/:id/users/:userId', { scope: 'delete:data', summary: 'Take a role from a user.', errors: modifyErrors }, async (c, { params: { id, userId } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      answer(await domain.roleOf(tx, tenant.id, id, { modifiable: true }));
      answer(found(await store.unlinkUserRole(tx, tenant.id, id, userId), userId));
      await log({ key: 'Management.Role.AssigneesUpdated', targetId: id, userId, users: { removed: [userId] } });
    });
    return c.body(null, 204);
  });

  return app;
};
