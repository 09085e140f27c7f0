import { Hono } from 'hono';
import * as z from 'zod/mini';
import { tenantMemberGuard, tenantMemberScopeGuard, updateMemberRoleGuard } from '#schemas/member.ts';
import type { Db } from '../db/client.ts';
import { listMembers, removeMember, updateMemberRole, type MemberChange } from '../members.ts';
import { findMembership, tenantScopesOf } from '../tenants.ts';
import type { AuthEnv, createTokenGuard } from './auth.ts';
import { HttpError, readJson } from './errors.ts';
import { describe } from './openapi.ts';
import { cloudOrTenantToken, requireMembership, requireTenantScope } from './tenant-access.ts';

export const lastAdminMessage = 'A tenant needs an admin: make another member an admin first.';

const memberNotFound = () => new HttpError('tenant.member_not_found', 'The user is not a member of this tenant.');

const changed = <T>(result: MemberChange<T>): T => {
  if (result.ok) return result.value;
  if (result.reason === 'not_member') throw memberNotFound();
  throw new HttpError('tenant.last_admin', lastAdminMessage);
};

/** What the API document says of each route below (server/api/openapi.ts). */
const documented = {
  list: describe({ summary: "The tenant's members.", api: 'cloud', scope: 'read:member', response: z.array(tenantMemberGuard) }),
  setRole: describe({
    summary: "Change a member's role.",
    api: 'cloud',
    scope: 'update:member:role',
    body: updateMemberRoleGuard,
    response: tenantMemberGuard,
    errors: { 404: ['tenant.member_not_found'], 409: ['tenant.last_admin'] },
  }),
  remove: describe({
    summary: 'Remove a member, or leave the tenant.',
    api: 'cloud',
    scope: 'remove:member',
    errors: { 404: ['tenant.member_not_found'], 409: ['tenant.last_admin'] },
  }),
  scopes: describe({
    summary: "A member's tenant scopes; another member's need read:member.",
    api: 'cloud',
    response: z.array(tenantMemberScopeGuard),
    errors: { 403: ['tenant.permission_denied'], 404: ['tenant.member_not_found'] },
  }),
};

/** Members of a tenant (organization t-{tenantId}); permissions come from the caller's current role. */
export const memberRoutes = (db: Db, tokenGuard: ReturnType<typeof createTokenGuard>) => {
  const app = new Hono<AuthEnv>();
  const token = tokenGuard(cloudOrTenantToken);
  const members = '/tenants/:tenantId/members';

  app.get(members, token, documented.list, async (c) => {
    const tenantId = c.req.param('tenantId');
    await requireTenantScope(db, c.get('auth').userId, tenantId, 'read:member');
    return c.json(await listMembers(db, tenantId));
  });

  app.put(`${members}/:userId/roles`, token, documented.setRole, async (c) => {
    const { tenantId, userId } = c.req.param();
    await requireTenantScope(db, c.get('auth').userId, tenantId, 'update:member:role');
    const { roleName } = await readJson(c, updateMemberRoleGuard);
    return c.json(changed(await updateMemberRole(db, tenantId, userId, roleName)));
  });

  /** remove:member, or the member leaving on their own. */
  app.delete(`${members}/:userId`, token, documented.remove, async (c) => {
    const { tenantId, userId } = c.req.param();
    const self = c.get('auth').userId;
    if (userId === self) await requireMembership(db, self, tenantId);
    else await requireTenantScope(db, self, tenantId, 'remove:member');
    changed(await removeMember(db, tenantId, userId));
    return c.body(null, 204);
  });

  /**
   * The member's tenant scopes from their current role. One's own are always answered, and are empty when one is not
   * (or no longer) a member; another member's need read:member.
   */
  app.get(`${members}/:userId/scopes`, token, documented.scopes, async (c) => {
    const { tenantId, userId } = c.req.param();
    const self = c.get('auth').userId;
    if (userId !== self) await requireTenantScope(db, self, tenantId, 'read:member');
    const membership = await findMembership(db, userId, tenantId);
    if (!membership && userId !== self) throw memberNotFound();
    return c.json(tenantScopesOf(membership).map((name) => ({ name })));
  });

  return app;
};
