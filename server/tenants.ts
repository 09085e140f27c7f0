import { and, asc, eq } from 'drizzle-orm';
import {
  defaultTenantId,
  organizationIdOf,
  resourceIndicators,
  tenantRoles,
  type TenantRole,
} from '../schemas/constants.ts';
import { planIds, quotaOf } from '../schemas/quota.ts';
import type { CreateTenant, Tenant } from '../schemas/tenant.ts';
import type { Db } from './db/client.ts';
import { tenantMembers, tenants } from './db/schema.ts';
import { generateId } from './ids.ts';

export type TenantRow = typeof tenants.$inferSelect;
export type Membership = { tenantId: string; role: TenantRole };

const isTenantRole = (role: string): role is TenantRole => role in tenantRoles;

/** The quotas shown on the tenant; null means unlimited. */
const tenantQuota = (planId: string): Tenant['quota'] => {
  const [mauLimit, tokenLimit] = [quotaOf(planId, 'mauLimit'), quotaOf(planId, 'tokenLimit')];
  return { mauLimit: typeof mauLimit === 'number' ? mauLimit : null, tokenLimit: typeof tokenLimit === 'number' ? tokenLimit : null };
};

const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

export const toTenant = (row: TenantRow): Tenant => {
  const periodStart = row.createdAt;
  return {
    id: row.id,
    name: row.name,
    tag: row.tag === 'production' ? 'production' : 'development',
    indicator: resourceIndicators.management(row.id),
    regionName: row.regionName === 'US' || row.regionName === 'AU' ? row.regionName : 'EU',
    planId: row.planId,
    subscription: {
      status: 'active',
      planId: row.planId,
      currentPeriodStart: periodStart.toISOString(),
      currentPeriodEnd: addMonths(periodStart, 1).toISOString(),
      isEnterprisePlan: false,
    },
    usage: { activeUsers: 0, tokenUsage: 0 },
    quota: tenantQuota(row.planId),
    openInvoices: [],
    isSuspended: false,
    createdAt: row.createdAt.toISOString(),
  };
};

export const listMemberships = async (db: Db, userId: string): Promise<Membership[]> => {
  const rows = await db
    .select({ tenantId: tenantMembers.tenantId, role: tenantMembers.role })
    .from(tenantMembers)
    .where(eq(tenantMembers.userId, userId))
    .orderBy(asc(tenantMembers.createdAt), asc(tenantMembers.tenantId));
  return rows.flatMap((row) => (isTenantRole(row.role) ? [{ tenantId: row.tenantId, role: row.role }] : []));
};

export const findMembership = async (db: Db, userId: string, tenantId: string): Promise<Membership | undefined> => {
  const [row] = await db
    .select({ tenantId: tenantMembers.tenantId, role: tenantMembers.role })
    .from(tenantMembers)
    .where(and(eq(tenantMembers.userId, userId), eq(tenantMembers.tenantId, tenantId)))
    .limit(1);
  return row && isTenantRole(row.role) ? { tenantId: row.tenantId, role: row.role } : undefined;
};

export const listTenantsOf = async (db: Db, userId: string): Promise<Tenant[]> => {
  const rows = await db
    .select({ tenant: tenants })
    .from(tenantMembers)
    .innerJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
    .where(eq(tenantMembers.userId, userId))
    .orderBy(asc(tenantMembers.createdAt), asc(tenants.id));
  return rows.map((row) => toTenant(row.tenant));
};

/** Creates a tenant and makes its creator the admin member, in one transaction. */
export const createTenant = async (db: Db, userId: string, input: Required<CreateTenant>): Promise<Tenant> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tenants)
      .values({
        id: generateId(12),
        name: input.name,
        tag: input.tag,
        regionName: input.regionName,
        planId: input.tag === 'development' ? planIds.development : planIds.free,
      })
      .returning();
    await tx.insert(tenantMembers).values({ tenantId: row!.id, userId, role: 'admin' });
    return toTenant(row!);
  });

export const findTenant = async (db: Db, tenantId: string): Promise<TenantRow | undefined> => {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
};

/** Locks the tenant row until the transaction ends, so membership changes of one tenant run one at a time. */
export const lockTenant = async (tx: Db, tenantId: string): Promise<TenantRow | undefined> => {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return row;
};

export const renameTenant = async (db: Db, tenantId: string, name: string): Promise<Tenant | undefined> => {
  const [row] = await db.update(tenants).set({ name }).where(eq(tenants.id, tenantId)).returning();
  return row && toTenant(row);
};

/** Deletes the tenant; its memberships and invitations go with it (foreign keys cascade) in the same statement. */
export const deleteTenant = async (db: Db, tenantId: string) => {
  await db.delete(tenants).where(eq(tenants.id, tenantId));
};

/** The self-hosted edition always has the `default` tenant. */
export const ensureDefaultTenant = (db: Db) =>
  db
    .insert(tenants)
    .values({ id: defaultTenantId, name: 'Default', tag: 'production', regionName: 'EU', planId: 'free' })
    .onConflictDoNothing();

/** Claims of the ID token and userinfo: organization ids and `{tenantId}:{role}` entries (spec 01 §3). */
export const organizationClaims = (memberships: Membership[]) => ({
  organizations: memberships.map((membership) => organizationIdOf(membership.tenantId)),
  organization_roles: memberships.map((membership) => `${membership.tenantId}:${membership.role}`),
});

export const tenantScopesOf = (membership: Membership | undefined): readonly string[] =>
  membership ? tenantRoles[membership.role] : [];
