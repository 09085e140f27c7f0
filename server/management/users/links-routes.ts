import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { roleListItemGuard } from '#schemas/role.ts';
import {
  mfaVerificationGuard,
  putSocialIdentityGuard,
  tenantUserGuard,
  userIdentitiesGuard,
  userOrganizationGuard,
  userRoleChangesGuard,
  userRoleIdsGuard,
  type TenantUser,
} from '#schemas/tenant-user.ts';
import { routerOf, type RouteInput } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import { found } from '#server/tenant/refusals.ts';
import { userRoleIdsOf } from '#server/tenant/roles/domain.ts';
import * as roleStore from '#server/tenant/roles/store.ts';
import { factorRemoved, factorsOf, identityFree, identityRemoved, noIdentity } from '#server/tenant/users/domain.ts';
import * as store from '#server/tenant/users/store.ts';
import { sendPage, type ManagementEnv, type ManagementKit } from '../kit.ts';
import { answer, userOf } from './user-errors.ts';

type RolesInput = RouteInput<'/users/:id/roles', { body: typeof userRoleIdsGuard }>;

const notFoundError = ['entity.not_exists_with_id'] as const;
const roleErrors = [...notFoundError, 'user.invalid_role_type'] as const;

/** A factor as the audit log names it: never its secrets. */
const loggedFactors = (factors: store.StoredMfaVerification[]) => factors.map(({ id, type }) => ({ id, type }));

/** A user's MFA factors, identities, roles and organizations (users.md §4–5). */
export const userLinkRoutes = (db: Db, { access, withTenantWrite }: ManagementKit) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);

  routes.get('/users/:id/mfa-verifications', {
    scope: 'read:data',
    summary: "List a user's MFA factors, never their secrets.",
    response: z.array(mfaVerificationGuard),
    errors: notFoundError,
  }, async (c, { params }) => {
    const user = await userOf(db, c.var.tenant.id, params.id);
    return c.json(factorsOf(user).map(store.toMfaVerification));
  });

  routes.delete('/users/:id/mfa-verifications/:verificationId', {
    scope: 'delete:data',
    summary: "Remove one of a user's MFA factors; removing their last authenticator app or passkey removes their backup codes too.",
    errors: notFoundError,
  }, async (c, { params: { id, verificationId } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const { factors, kept } = answer(factorRemoved(await userOf(tx, tenant.id, id), verificationId));
      await store.updateUser(tx, tenant.id, id, { mfaVerifications: kept });
      const changes = { mfaVerifications: { from: loggedFactors(factors), to: loggedFactors(kept) } };
      await log({ key: 'Management.User.MfaVerificationDeleted', targetId: id, userId: id, changes });
    });
    return c.body(null, 204);
  });

  routes.get('/users/:id/identities', {
    scope: 'read:data',
    summary: "List a user's social and enterprise SSO identities.",
    response: userIdentitiesGuard,
    errors: notFoundError,
  }, async (c, { params }) =>
    c.json(store.identitiesOf(await userOf(db, c.var.tenant.id, params.id))),
  );

  routes.put('/users/:id/identities/:target', {
    scope: 'write:data',
    summary: "Link a social identity to a user by hand, replacing the user's identity of that target.",
    body: putSocialIdentityGuard,
    response: z.record(z.string(), z.unknown()),
    errors: [...notFoundError, 'user.identity_already_in_use'],
  }, async (c, { body: identity, params: { id, target } }) => {
    const identities = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const user = await userOf(tx, tenant.id, id);
      answer(await identityFree(tx, tenant.id, target, identity.userId, id));
      const before = user.identities as TenantUser['identities'];
      const after = { ...before, [target]: identity };
      await store.updateUser(tx, tenant.id, id, { identities: after });
      const changes = { [`identities.${target}`]: { from: before[target]?.userId ?? null, to: identity.userId } };
      await log({ key: 'Management.User.Updated', targetId: id, userId: id, changes });
      return after;
    });
    return c.json(identities);
  });

  routes.delete('/users/:id/identities/:target', {
    scope: 'delete:data',
    summary: "Remove a user's social identity: signing in with it no longer finds the user.",
    response: tenantUserGuard,
    errors: ['entity.not_exists_with_id', 'user.identity_not_exist'],
  }, async (c, { params: { id, target } }) => {
    const updated = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const { removed, rest } = answer(identityRemoved(await userOf(tx, tenant.id, id), target));
      const user = (await store.updateUser(tx, tenant.id, id, { identities: rest }))!;
      await log({ key: 'Management.User.IdentityDeleted', targetId: id, userId: id, changes: { [`identities.${target}`]: { from: removed.userId, to: null } } });
      return user;
    });
    return c.json(store.toTenantUser(updated));
  });

  // No enterprise SSO connectors exist yet: a user has no SSO identity to remove.
  routes.delete('/users/:id/sso-identities/:ssoConnectorId', {
    scope: 'delete:data',
    summary: "Remove a user's enterprise SSO identity.",
    errors: ['entity.not_exists_with_id', 'user.identity_not_exist'],
  }, async (c, { params: { id, ssoConnectorId } }) => {
    await userOf(db, c.var.tenant.id, id);
    return answer(noIdentity(ssoConnectorId));
  });

  routes.get('/users/:id/roles', {
    scope: 'read:data',
    summary: "List a user's roles, by name.",
    response: roleListItemGuard,
    list: true,
    errors: notFoundError,
  }, async (c, { params, query }) => {
    const user = await userOf(db, c.var.tenant.id, params.id);
    return sendPage(c, await roleStore.listRoles(db, c.var.tenant.id, query, { userId: user.id }));
  });

  /** POST adds roles; PUT makes them the user's only ones. Logged with the user's roles before and after. */
  const linkRoles = (replace: boolean) => async (c: Context<ManagementEnv>, { body: { roleIds }, params: { id } }: RolesInput) => {
    const changes = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      await userOf(tx, tenant.id, id);
      const ids = answer(await userRoleIdsOf(tx, tenant.id, roleIds));
      const before = await store.userRoleIds(tx, tenant.id, id);
      const removedRoleIds = replace ? await store.unlinkUserRolesBut(tx, tenant.id, id, ids) : undefined;
      const addedRoleIds = await store.linkUserRoles(tx, tenant.id, id, ids);
      if (addedRoleIds.length > 0 || removedRoleIds?.length) {
        const after = await store.userRoleIds(tx, tenant.id, id);
        await log({ key: 'Management.User.RolesUpdated', targetId: id, userId: id, changes: { roleIds: { from: before, to: after } } });
      }
      return { roleIds: ids, addedRoleIds, ...(removedRoleIds ? { removedRoleIds } : {}) };
    });
    return c.json(changes, replace ? 200 : 201);
  };
  routes.post('/users/:id/roles', {
    scope: 'write:data',
    summary: 'Give a user user roles; those they hold are skipped.',
    body: userRoleIdsGuard,
    response: userRoleChangesGuard,
    status: 201,
    errors: roleErrors,
  }, linkRoles(false));
  routes.put('/users/:id/roles', {
    scope: 'write:data',
    summary: "Replace a user's roles.",
    body: userRoleIdsGuard,
    response: userRoleChangesGuard,
    errors: roleErrors,
  }, linkRoles(true));

  routes.delete('/users/:id/roles/:roleId', {
    scope: 'delete:data',
    summary: 'Take a role from a user.',
    errors: notFoundError,
  }, async (c, { params: { id, roleId } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const before = await store.userRoleIds(tx, tenant.id, (await userOf(tx, tenant.id, id)).id);
      answer(found(await roleStore.unlinkUserRole(tx, tenant.id, roleId, id), roleId));
      const changes = { roleIds: { from: before, to: before.filter((held) => held !== roleId) } };
      await log({ key: 'Management.User.RolesUpdated', targetId: id, userId: id, changes });
    });
    return c.body(null, 204);
  });

  // No organizations exist yet: every user belongs to none.
  routes.get('/users/:id/organizations', {
    scope: 'read:data',
    summary: 'List the organizations a user belongs to, with their roles in each.',
    response: z.array(userOrganizationGuard),
    errors: notFoundError,
  }, async (c, { params }) => {
    await userOf(db, c.var.tenant.id, params.id);
    return c.json([]);
  });

  return app;
};
