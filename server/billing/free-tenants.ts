import { and, count, eq } from 'drizzle-orm';
import { freeTenantCap } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import type { Db } from '../db/client.ts';
import { tenantMembers, tenants, users } from '../db/schema.ts';
import { accountNotFound, HttpError } from '../api/errors.ts';

/** Tenants on the free plan where the user is an admin: what the free-tenant cap counts. */
export const countFreeTenants = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ value: count() })
    .from(tenantMembers)
    .innerJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
    .where(and(eq(tenantMembers.userId, userId), eq(tenantMembers.role, 'admin'), eq(tenants.planId, planIds.free)));
  return row?.value ?? 0;
};

export const freeTenantLimitReached = () =>
  new HttpError('tenant.free_tenant_limit_reached', `You can be the admin of at most ${freeTenantCap} tenants on the free plan.`, {
    limit: freeTenantCap,
  });

/**
 * Call inside the transaction that will put the user on one more free tenant. It locks the user's row until the
 * transaction ends, so simultaneous requests of one user are counted one after the other and never pass the cap.
 */
export const reserveFreeTenant = async (tx: Db, userId: string) => {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw accountNotFound();
  if ((await countFreeTenants(tx, userId)) >= freeTenantCap) throw freeTenantLimitReached();
};
