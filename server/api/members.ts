import { Hono } from 'hono';
import * as z from 'zod/mini';
import { tenantMemberGuard, tenantMemberScopeGuard, updateMemberRoleGuard } from '#schemas/member.ts';
import type { Db } from '../db/client.ts';
import { listMembers, removeMember, updateMemberRole, type MemberChange } from '../members.ts';
import { findMembership, tenantScopesOf } from '../tenants.ts';
import type { AuthEnv, createTokenGuard } from './auth.ts';
import { cloudAccess } from './cloud-access.ts';
import { HttpError } from './errors.ts';
import { routerOf } from './route.ts';
import { cloudOrTenantToken, requireMembership } from './tenant-access.ts';

export const lastAdminMessage = 'A tenant needs an admin: make another member an admin first.';

const memberNotFound = () => new HttpError('tenant.member_not_found', 'The user is not a member of this tenant.');

const changed = <T>(result: MemberChange<T>): T => {
  if (result.ok) return result.value;
  if (result.reason === 'not_member') throw memberNotFound();
  throw new HttpError('tenant.last_admin', lastAdminMessage);
};


/** Members of a tenant (organization t-{tenantId}); permissions come from the caller's current role. */
export const memberRoutes = (db: Db, tokenGuard: ReturnType<typeof createTokenGuard>) => {
  const app = new Hono<AuthEnv>();
  const routes = routerOf(app, cloudAccess(db, tokenGuard(cloudOrTenantToken)));
  const members = '/tenants/:tenantId/members';

  routes.get(members, {
    scope: 'read:member',
    summary: "The tenant's members.",
    response: z.array(tenantMemberGuard),
  }, async (c, { params: { tenantId } }) => {
    return c.json(await listMembers(db, tenantId));
  });

  routes.put(`${members}/:userId/roles`, {
    scope: 'update:member:role',
    summary: "Change a member's role.",
    body: updateMemberRoleGuard,
    response: tenantMemberGuard,
    errors: ['tenant.member_not_found', 'tenant.last_admin'],
  }, async (c, { params: { tenantId, userId }, body: { roleName } }) => {
    return c.json(changed(await updateMemberRole(db, tenantId, userId, roleName)));
  });

  /** remove:member, or the member leaving on their own. */
  routes.delete(`${members}/:userId`, {
    scope: { unlessSelf: 'remove:member' },
    summary: 'Remove a member, or leave the tenant.',
    errors: ['tenant.member_not_found', 'tenant.last_admin'],
  }, async (c, { params: { tenantId, userId } }) => {
    const self = c.get('auth').userId;
    if (userId === self) await requireMembership(db, self, tenantId);
    changed(await removeMember(db, tenantId, userId));
    return c.body(null, 204);
  });

  /**
   * The member's tenant scopes from their current role. One's own are always answered, and are empty when one is not
   * (or no longer) a member; another member's need read:member.
   */
  routes.get(`${members}/:userId/scopes`, {
    scope: { unlessSelf: 'read:member' },
    summary: "A member's tenant scopes; another member's need read:member.",
    response: z.array(tenantMemberScopeGuard),
    errors: ['tenant.permission_denied', 'tenant.member_not_found'],
  }, async (c, { params: { tenantId, userId } }) => {
    const self = c.get('auth').userId;
    const membership = await findMembership(db, userId, tenantId);
    if (!membership && userId !== self) throw memberNotFound();
    return c.json(tenantScopesOf(membership).map((name) => ({ name })));
  });

  return app;
};
