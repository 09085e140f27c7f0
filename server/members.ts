import { and, asc, count, eq } from 'drizzle-orm';
import type { TenantRole } from '../schemas/constants.ts';
import { tenantRoleGuard, type TenantMember } from '../schemas/member.ts';
import type { Db } from './db/client.ts';
import { tenantMembers, users } from './db/schema.ts';
import { lockTenant } from './tenants.ts';

const memberColumns = {
  id: users.id,
  username: users.username,
  primaryEmail: users.primaryEmail,
  name: users.name,
  avatar: users.avatar,
  role: tenantMembers.role,
  createdAt: tenantMembers.createdAt,
};

type MemberRow = Omit<TenantMember, 'role' | 'createdAt'> & { role: string; createdAt: Date };

const toMember = (row: MemberRow): TenantMember => ({
  ...row,
  role: tenantRoleGuard.parse(row.role),
  createdAt: row.createdAt.toISOString(),
});

const selectMembers = (db: Db) =>
  db.select(memberColumns).from(tenantMembers).innerJoin(users, eq(users.id, tenantMembers.userId));

export const listMembers = async (db: Db, tenantId: string): Promise<TenantMember[]> =>
  (await selectMembers(db).where(eq(tenantMembers.tenantId, tenantId)).orderBy(asc(tenantMembers.createdAt), asc(users.id))).map(
    toMember,
  );

const findMember = async (db: Db, tenantId: string, userId: string) => {
  const [row] = await selectMembers(db).where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, userId)));
  return row && toMember(row);
};

const adminCount = async (tx: Db, tenantId: string) => {
  const [row] = await tx
    .select({ value: count() })
    .from(tenantMembers)
    .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.role, 'admin')));
  return row?.value ?? 0;
};

export type MemberChange<T> = { ok: true; value: T } | { ok: false; reason: 'not_member' | 'last_admin' };

/**
 * Runs a change of one member with the tenant locked, refusing it when the member is the tenant's last admin and
 * `keepsAdmin` is false.
 */
const changeMember = <T>(db: Db, tenantId: string, userId: string, keepsAdmin: boolean, change: (tx: Db) => Promise<T>) =>
  db.transaction(async (tx): Promise<MemberChange<T>> => {
    await lockTenant(tx, tenantId);
    const member = await findMember(tx, tenantId, userId);
    if (!member) return { ok: false, reason: 'not_member' };
    if (member.role === 'admin' && !keepsAdmin && (await adminCount(tx, tenantId)) <= 1) return { ok: false, reason: 'last_admin' };
    return { ok: true, value: await change(tx) };
  });

const memberCondition = (tenantId: string, userId: string) =>
  and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, userId));

export const updateMemberRole = (db: Db, tenantId: string, userId: string, role: TenantRole) =>
  changeMember(db, tenantId, userId, role === 'admin', async (tx) => {
    await tx.update(tenantMembers).set({ role }).where(memberCondition(tenantId, userId));
    return (await findMember(tx, tenantId, userId))!;
  });

export const removeMember = (db: Db, tenantId: string, userId: string) =>
  changeMember(db, tenantId, userId, false, async (tx) => {
    await tx.delete(tenantMembers).where(memberCondition(tenantId, userId));
  });
