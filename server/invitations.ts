import { and, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { organizationIdOf, type TenantRole } from '../schemas/constants.ts';
import { invitationLifetimeMs, invitationStatuses, type Invitation, type InvitationStatus } from '../schemas/invitation.ts';
import { tenantRoleGuard } from '../schemas/member.ts';
import { checkQuota, type QuotaRefusal } from './billing/usage.ts';
import type { Db } from './db/client.ts';
import { invitations, tenantMembers, tenants, users } from './db/schema.ts';
import { generateId } from './ids.ts';
import { lockTenant, tenantTagOf, type TenantRow } from './tenants.ts';

type InvitationRow = typeof invitations.$inferSelect;
export type InvitationRecord = { invitation: InvitationRow; tenant: TenantRow };

const isStatus = (value: string): value is InvitationStatus => (invitationStatuses as readonly string[]).includes(value);

/** A Pending invitation past its expiry reads as Expired, whether or not the cleanup has marked it yet. */
export const invitationStatusOf = (row: InvitationRow, now = new Date()): InvitationStatus => {
  const status = isStatus(row.status) ? row.status : 'Revoked';
  return status === 'Pending' && row.expiresAt <= now ? 'Expired' : status;
};

export const toInvitation = ({ invitation, tenant }: InvitationRecord): Invitation => ({
  id: invitation.id,
  tenantId: tenant.id,
  organizationId: organizationIdOf(tenant.id),
  tenantName: tenant.name,
  tenantTag: tenantTagOf(tenant),
  inviterId: invitation.inviterId,
  invitee: invitation.invitee,
  roleName: tenantRoleGuard.parse(invitation.role),
  status: invitationStatusOf(invitation),
  acceptedUserId: invitation.acceptedUserId,
  createdAt: invitation.createdAt.toISOString(),
  updatedAt: invitation.updatedAt.toISOString(),
  expiresAt: invitation.expiresAt.toISOString(),
});

const selectRecords = (db: Db) =>
  db.select({ invitation: invitations, tenant: tenants }).from(invitations).innerJoin(tenants, eq(tenants.id, invitations.tenantId));

export const findInvitation = async (db: Db, id: string): Promise<InvitationRecord | undefined> => {
  const [record] = await selectRecords(db).where(eq(invitations.id, id));
  return record;
};

const newestFirst = [desc(invitations.createdAt), desc(invitations.id)];

export const listTenantInvitations = async (db: Db, tenantId: string) =>
  (await selectRecords(db).where(eq(invitations.tenantId, tenantId)).orderBy(...newestFirst)).map(toInvitation);

/** Invitations sent to an e-mail address (compared lower-cased). */
export const listInvitationsTo = async (db: Db, email: string) =>
  (await selectRecords(db).where(eq(invitations.invitee, email.toLowerCase())).orderBy(...newestFirst)).map(toInvitation);

const livePending = (now: Date) => and(eq(invitations.status, 'Pending'), gt(invitations.expiresAt, now));

/** Members plus live pending invitations: the seats the tenant-members quota counts. */
export const seatsTaken = async (tx: Db, tenantId: string, now = new Date()) => {
  const [members] = await tx.select({ value: count() }).from(tenantMembers).where(eq(tenantMembers.tenantId, tenantId));
  const [pending] = await tx
    .select({ value: count() })
    .from(invitations)
    .where(and(eq(invitations.tenantId, tenantId), livePending(now)));
  return (members?.value ?? 0) + (pending?.value ?? 0);
};

export type CreateInvitationsResult =
  | { ok: true; value: InvitationRecord[] }
  | { ok: false; reason: 'tenant_not_found' }
  | { ok: false; reason: 'already_member' | 'already_pending'; emails: string[] }
  | ({ ok: false } & QuotaRefusal);

/**
 * Creates one invitation per address (lower-cased, without duplicates), checking members, live invitations and the
 * quota (403 with the quota error).
 */
export const createInvitations = (
  db: Db,
  input: { tenantId: string; inviterId: string; invitees: string[]; role: TenantRole },
): Promise<CreateInvitationsResult> =>
  db.transaction(async (tx) => {
    const now = new Date();
    const emails = [...new Set(input.invitees.map((email) => email.toLowerCase()))];
    const tenant = await lockTenant(tx, input.tenantId);
    if (!tenant) return { ok: false, reason: 'tenant_not_found' };
    const members = await tx
      .select({ email: users.primaryEmail })
      .from(tenantMembers)
      .innerJoin(users, eq(users.id, tenantMembers.userId))
      .where(and(eq(tenantMembers.tenantId, tenant.id), inArray(users.primaryEmail, emails)));
    if (members.length) return { ok: false, reason: 'already_member', emails: members.map((member) => member.email!) };
    const pending = await tx
      .select({ email: invitations.invitee })
      .from(invitations)
      .where(and(eq(invitations.tenantId, tenant.id), inArray(invitations.invitee, emails), livePending(now)));
    if (pending.length) return { ok: false, reason: 'already_pending', emails: pending.map((row) => row.email) };
    const quota = await checkQuota(tx, tenant, 'tenantMembersLimit', undefined, emails.length);
    if (!quota.ok) return quota;
    const rows = await tx
      .insert(invitations)
      .values(
        emails.map((invitee) => ({
          id: generateId(),
          tenantId: tenant.id,
          inviterId: input.inviterId,
          invitee,
          role: input.role,
          createdAt: now,
          updatedAt: now,
          expiresAt: new Date(now.getTime() + invitationLifetimeMs),
        })),
      )
      .returning();
    return { ok: true, value: emails.map((email) => ({ invitation: rows.find((row) => row.invitee === email)!, tenant })) };
  });

export type InvitationChange = { ok: true; value: InvitationRecord } | { ok: false; reason: 'not_found' | 'invalid_status' } | ({ ok: false } & QuotaRefusal);

/**
 * Accepts a Pending invitation for `userId` and adds the membership with the invited role. The conditional update
 * lets exactly one of several simultaneous accepts through; the membership's primary key does the rest (someone who is
 * already a member keeps their role).
 */
export const acceptInvitation = (db: Db, id: string, userId: string): Promise<InvitationChange> =>
  db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(invitations)
      .set({ status: 'Accepted', acceptedUserId: userId, updatedAt: now })
      .where(and(eq(invitations.id, id), livePending(now)))
      .returning();
    if (!row) return { ok: false, reason: (await findInvitation(tx, id)) ? 'invalid_status' : 'not_found' };
    await tx.insert(tenantMembers).values({ tenantId: row.tenantId, userId, role: row.role }).onConflictDoNothing();
    return { ok: true, value: (await findInvitation(tx, id))! };
  });

/** Revokes a live Pending invitation of the tenant. */
export const revokeInvitation = (db: Db, tenantId: string, id: string): Promise<InvitationChange> =>
  db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(invitations)
      .set({ status: 'Revoked', updatedAt: now })
      .where(and(eq(invitations.id, id), eq(invitations.tenantId, tenantId), livePending(now)))
      .returning({ id: invitations.id });
    const record = await findInvitation(tx, id);
    if (!record || record.tenant.id !== tenantId) return { ok: false, reason: 'not_found' };
    return row ? { ok: true, value: record } : { ok: false, reason: 'invalid_status' };
  });

/** Resending a Pending or Expired invitation makes it Pending for another full lifetime. */
export const renewInvitation = (db: Db, tenantId: string, id: string): Promise<InvitationChange> =>
  db.transaction(async (tx) => {
    const now = new Date();
    const tenant = await lockTenant(tx, tenantId);
    const record = await findInvitation(tx, id);
    if (!tenant || !record || record.tenant.id !== tenantId) return { ok: false, reason: 'not_found' };
    const status = invitationStatusOf(record.invitation, now);
    if (status !== 'Pending' && status !== 'Expired') return { ok: false, reason: 'invalid_status' };
    // An expired invitation no longer holds a seat; renewing it takes one again.
    if (status === 'Expired') {
      const quota = await checkQuota(tx, tenant, 'tenantMembersLimit');
      if (!quota.ok) return quota;
    }
    await tx
      .update(invitations)
      .set({ status: 'Pending', updatedAt: now, expiresAt: new Date(now.getTime() + invitationLifetimeMs) })
      .where(eq(invitations.id, id));
    return { ok: true, value: (await findInvitation(tx, id))! };
  });

/** Marks Pending invitations past their expiry as Expired (run by the periodic cleanup). */
export const expireInvitations = (db: Db, now = new Date()) =>
  db
    .update(invitations)
    .set({ status: 'Expired', updatedAt: sql`now()` })
    .where(and(eq(invitations.status, 'Pending'), lte(invitations.expiresAt, now)));
