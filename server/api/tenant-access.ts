import type { Context } from 'hono';
import { organizationAudience, organizationIdOf, resourceIndicators, tenantRoles, type TenantScope } from '#schemas/constants.ts';
import type { Db } from '../db/client.ts';
import { deleteTenant, findMembership, lockTenant, type Membership } from '../tenants.ts';
import type { Audiences } from './auth.ts';
import { HttpError } from './errors.ts';

/** Unknown tenants and tenants the user is not a member of answer alike, so their existence does not leak. */
export const tenantNotFoundMessage = 'The tenant does not exist or you are not a member of it.';
export const tenantNotFound = () => new HttpError('tenant.not_found', tenantNotFoundMessage);

/** Tenant-scoped routes take the cloud-API token or the organization token of the tenant in their path. */
export const cloudOrTenantToken: Audiences = (c: Context) => [
  resourceIndicators.cloud,
  organizationAudience(organizationIdOf(c.req.param('tenantId') ?? '')),
];

export const hasTenantScope = (membership: Membership, scope: TenantScope) =>
  (tenantRoles[membership.role] as readonly TenantScope[]).includes(scope);

export const requireMembership = async (db: Db, userId: string, tenantId: string) => {
  const membership = await findMembership(db, userId, tenantId);
  if (!membership) throw tenantNotFound();
  return membership;
};

/**
 * The user's CURRENT role in the tenant must grant `scope`; scopes in the token may be stale. The message is not the
 * one that signs the console out: a role without a permission is not an authentication problem.
 */
export const requireTenantScope = async (db: Db, userId: string, tenantId: string, scope: TenantScope) => {
  const membership = await requireMembership(db, userId, tenantId);
  if (!hasTenantScope(membership, scope)) {
    throw new HttpError('tenant.permission_denied',
      `Your role in this tenant (${membership.role}) does not include the permission ${scope}.`,
      { requiredScope: scope, role: membership.role },
    );
  }
  return membership;
};

/**
 * DELETE /api/tenants/{tenantId}, also used for the admin's tenants when an account is deleted: with the tenant locked,
 * the user's current role must grant manage:tenant. Call inside a transaction.
 */
export const deleteTenantAs = async (tx: Db, userId: string, tenantId: string) => {
  await lockTenant(tx, tenantId);
  await requireTenantScope(tx, userId, tenantId, 'manage:tenant');
  await deleteTenant(tx, tenantId);
};
