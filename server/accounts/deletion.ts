import { eq, inArray } from 'drizzle-orm';
import { deletionBlockersOf, type AccountDeletionBlockedDetails } from '#schemas/profile.ts';
import { deleteTenantAs } from '../api/tenant-access.ts';
import type { Db } from '../db/client.ts';
import { signInFailures, users } from '../db/schema.ts';
import { removeMember } from '../members.ts';
import { passwordVerificationKey, type AccountGone } from '../me/password.ts';
import { ok, transactionResult, type Result } from '../result.ts';
import { listMemberships, lockTenant, toTenants, type Membership, type TenantRow } from '../tenants.ts';
import { deleteOidcState } from './oidc-state.ts';
import { signInLimitKey } from './console-accounts.ts';

/**
 * Locks every tenant the user is a member of, in id order, until no new membership turns up; answers the memberships
 * as they are under the locks.
 */
const lockMemberTenants = async (tx: Db, userId: string, locked: Map<string, TenantRow>): Promise<Membership[]> => {
  for (;;) {
    const memberships = await listMemberships(tx, userId);
    const unlocked = memberships.map((membership) => membership.tenantId).filter((id) => !locked.has(id)).sort();
    if (unlocked.length === 0) return memberships;
    for (const tenantId of unlocked) {
      const row = await lockTenant(tx, tenantId);
      if (row) locked.set(tenantId, row);
    }
  }
};

/**
 * DELETE /api/me, in one transaction: refuses (deleting nothing) when a tenant the user administers is on a paid plan,
 * has a subscription that is not active or has open invoices; otherwise deletes those tenants as DELETE
 * /api/tenants/{id} does, removes the user from the other tenants, then deletes their sessions, grants, tokens and the
 * account (assets, codes and checkout sessions go with it).
 */
/** Why an account is not deleted. */
export type DeletionRefusal =
  | AccountGone
  | { reason: 'user.deletion_blocked'; details: AccountDeletionBlockedDetails }
  | { reason: 'tenant.last_admin' };

export const deleteAccount = (db: Db, userId: string) =>
  transactionResult(db, async (tx): Promise<Result<void, DeletionRefusal>> => {
    const locked = new Map<string, TenantRow>();
    await lockMemberTenants(tx, userId, locked);
    // With the user's row locked no membership of theirs can be added (its foreign key check waits).
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return { ok: false, reason: 'auth.account_not_found' };
    const memberships = await lockMemberTenants(tx, userId, locked);

    const administered = memberships.filter((membership) => membership.role === 'admin').map((membership) => locked.get(membership.tenantId)!);
    const blocked: AccountDeletionBlockedDetails['tenants'] = (await toTenants(tx, administered)).flatMap((tenant) => {
      const blockers = deletionBlockersOf(tenant);
      return blockers.length > 0 ? [{ tenantId: tenant.id, tenantName: tenant.name, blockers }] : [];
    });
    if (blocked.length > 0) return { ok: false, reason: 'user.deletion_blocked', details: { tenants: blocked } };

    for (const { tenantId, role } of memberships) {
      if (role === 'admin') await deleteTenantAs(tx, userId, tenantId);
      else {
        const removed = await removeMember(tx, tenantId, userId);
        if (!removed.ok) return { ok: false, reason: 'tenant.last_admin' };
      }
    }
    await deleteOidcState(tx, userId);
    await tx.delete(signInFailures).where(inArray(signInFailures.identifier, [signInLimitKey(userId), passwordVerificationKey(userId)]));
    await tx.delete(users).where(eq(users.id, userId));
    return ok(undefined);
  });
