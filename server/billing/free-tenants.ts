import { and, count, eq } from 'drizzle-orm';
import { freeTenantCap } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import type { Db } from '../db/client.ts';
import { tenantMembers, tenants, users } from '../db/schema.ts';
import type { AccountGone } from '../me/password.ts';
import { ok, type Result } from '../result.ts';

/** Tenants on the free plan where the user is an admin: what the free-tenant cap counts. */
export const countFreeTenants = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ value: count() })
    .from(tenantMembers)
    .innerJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
    .where(and(eq(tenantMembers.userId, userId), eq(tenantMembers.role, 'admin'), eq(tenants.planId, planIds.free)));
  return row?.value ?? 0;
};

/** The user is already the admin of as many free tenants as the cap allows. */
export type FreeTenantCapReached = { reason: 'tenant.free_tenant_limit_reached'; details: { limit: number } };

/**
 * Call inside the transaction that will put the user on one more free tenant. It locks the user's row until the
 * transaction ends, so simultaneous requests of one user are counted one after the other and never pass the cap.
 */
export const reserveFreeTenant = async (tx: Db, userId: string): Promise<Result<void, AccountGone | FreeTenantCapReached>> => {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) return { ok: false, reason: 'auth.account_not_found' };
  if ((await countFreeTenants(tx, userId)) >= freeTenantCap) return { ok: false, reason: 'tenant.free_tenant_limit_reached', details: { limit: freeTenantCap } };
  return ok(undefined);
};
