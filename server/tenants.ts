import { and, asc, eq, sql } from 'drizzle-orm';
import {
  defaultTenantId,
  organizationIdOf,
  resourceIndicators,
  tenantRoles,
  type TenantRole,
} from '../schemas/constants.ts';
import { planIds, type QuotaValue } from '../schemas/quota.ts';
import type { CreateTenant, Subscription, Tenant } from '../schemas/tenant.ts';
import { reserveFreeTenant, type FreeTenantCapReached } from './billing/free-tenants.ts';
import type { AccountGone } from './me/password.ts';
import { ok, transactionResult, type Result } from './result.ts';
import { openInvoicesOf } from './billing/invoices.ts';
import { loadPlans, type Plan } from './billing/skus.ts';
import { addMonths } from './billing/period.ts';
import type { Db } from './db/client.ts';
import { oidcModels, tenantMembers, tenants } from './db/schema.ts';
import { generateId } from './ids.ts';
import { createTenantKeys, loadTenantKeys, tenantChannel } from './tenant-runtime/keys.ts';

export type TenantRow = typeof tenants.$inferSelect;
export type Membership = { tenantId: string; role: TenantRole };

const isTenantRole = (role: string): role is TenantRole => role in tenantRoles;

export const tenantTagOf = (row: TenantRow): Tenant['tag'] => (row.tag === 'production' ? 'production' : 'development');

export const toSubscription = (row: TenantRow, plan: Plan): Subscription => ({
  status: row.subscriptionStatus,
  planId: row.planId,
  currentPeriodStart: row.periodStart.toISOString(),
  currentPeriodEnd: row.periodEnd.toISOString(),
  isEnterprisePlan: plan.isEnterprise,
});

const limitOf = (value: QuotaValue) => (typeof value === 'number' ? value : null);

export const toTenant = (row: TenantRow, plan: Plan, openInvoices: Tenant['openInvoices']): Tenant => ({
  id: row.id,
  name: row.name,
  tag: tenantTagOf(row),
  indicator: resourceIndicators.management(row.id),
  regionName: row.regionName === 'US' || row.regionName === 'AU' ? row.regionName : 'EU',
  planId: row.planId,
  subscription: toSubscription(row, plan),
  usage: { activeUsers: row.activeUsers, tokenUsage: row.tokenUsage },
  quota: { mauLimit: limitOf(plan.quota.mauLimit), tokenLimit: limitOf(plan.quota.tokenLimit) },
  openInvoices,
  isSuspended: row.isSuspended,
  createdAt: row.createdAt.toISOString(),
});

/** The tenants as the cloud API answers them, with their plans and open invoices. */
export const toTenants = async (db: Db, rows: TenantRow[]): Promise<Tenant[]> => {
  const [plans, open] = await Promise.all([
    loadPlans(db, rows.map((row) => row.planId)),
    openInvoicesOf(db, rows.map((row) => row.id)),
  ]);
  return rows.map((row) => toTenant(row, plans.get(row.planId)!, open.get(row.id) ?? []));
};

export const loadTenant = async (db: Db, tenantId: string): Promise<Tenant | undefined> => {
  const row = await findTenant(db, tenantId);
  return row && (await toTenants(db, [row]))[0];
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
  return toTenants(db, rows.map((row) => row.tenant));
};

export type NewTenant = Required<CreateTenant> & { planId: string };

/** Inserts a tenant with its creator as admin, its subscription starting now, and its issuer's keys; call inside a transaction. */
export const insertTenant = async (tx: Db, userId: string, input: NewTenant): Promise<TenantRow> => {
  const now = new Date();
  const [row] = await tx
    .insert(tenants)
    .values({
      id: generateId(12),
      name: input.name,
      tag: input.tag,
      regionName: input.regionName,
      planId: input.planId,
      periodStart: now,
      periodEnd: addMonths(now, 1),
      createdAt: now,
    })
    .returning();
  await tx.insert(tenantMembers).values({ tenantId: row!.id, userId, role: 'admin' });
  await createTenantKeys(tx, row!.id);
  return row!;
};

/**
 * Creates a tenant and makes its creator the admin member, in one transaction. A production tenant starts on the free
 * plan, within the creator's free-tenant cap.
 */
export const createTenant = async (
  db: Db,
  userId: string,
  input: Required<CreateTenant>,
): Promise<Result<Tenant, AccountGone | FreeTenantCapReached>> => {
  const created = await transactionResult(db, async (tx): Promise<Result<TenantRow, AccountGone | FreeTenantCapReached>> => {
    const reserved = input.tag === 'production' ? await reserveFreeTenant(tx, userId) : ok(undefined);
    if (!reserved.ok) return reserved;
    return ok(await insertTenant(tx, userId, { ...input, planId: input.tag === 'development' ? planIds.development : planIds.free }));
  });
  if (!created.ok) return created;
  // Its RSA key, made outside the transaction (a tenant created at checkout gets it when its issuer is first built).
  await loadTenantKeys(db, created.value.id);
  return ok((await toTenants(db, [created.value]))[0]!);
};

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
  return row && (await toTenants(db, [row]))[0];
};

/**
 * Deletes the tenant; its memberships, invitations and idp data go with it (foreign keys cascade) in the same statement,
 * and its issuer's sessions, grants and tokens with the next one.
 */
export const deleteTenant = async (db: Db, tenantId: string) => {
  await db.delete(tenants).where(eq(tenants.id, tenantId));
  await db.delete(oidcModels).where(eq(oidcModels.tenantId, tenantId));
  // Every process drops the tenant's issuer.
  await db.execute(sql`select pg_notify(${tenantChannel}, ${tenantId})`);
};

/** The self-hosted edition always has the `default` tenant, with its issuer's keys. */
export const ensureDefaultTenant = async (db: Db) => {
  await db
    .insert(tenants)
    .values({ id: defaultTenantId, name: 'Default', tag: 'production', regionName: 'EU', planId: 'free' })
    .onConflictDoNothing();
  await loadTenantKeys(db, defaultTenantId);
};

/** Claims of the ID token and userinfo: organization ids and `{tenantId}:{role}` entries (spec 01 §3). */
export const organizationClaims = (memberships: Membership[]) => ({
  organizations: memberships.map((membership) => organizationIdOf(membership.tenantId)),
  organization_roles: memberships.map((membership) => `${membership.tenantId}:${membership.role}`),
});

export const tenantScopesOf = (membership: Membership | undefined): readonly string[] =>
  membership ? tenantRoles[membership.role] : [];
