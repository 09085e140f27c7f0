import { and, asc, eq } from 'drizzle-orm';
import { defaultTenantId } from '#schemas/constants.ts';
import { emailPattern, identifierMaxLength, usernamePattern } from '#schemas/user.ts';
import type { Db } from '../db/client.ts';
import { tenantMembers, users } from '../db/schema.ts';
import { newSecret } from '../secrets.ts';
import { consoleAdminRole, createAccount, findUserByIdentifier, isConsoleAdmin, lockConsoleAdmins, type User } from './console-accounts.ts';

export type ConsoleAdmin = Pick<User, 'id' | 'username' | 'primaryEmail'>;

const adminColumns = { id: users.id, username: users.username, primaryEmail: users.primaryEmail };

/**
 * The self-hosted console's admins, oldest first. The first account to sign up is one; once it exists the sign-up is
 * closed, and the ops CLI adds and removes the others.
 */
export const listConsoleAdmins = (db: Db): Promise<ConsoleAdmin[]> =>
  db.select(adminColumns).from(tenantMembers).innerJoin(users, eq(users.id, tenantMembers.userId)).where(isConsoleAdmin).orderBy(asc(tenantMembers.createdAt), asc(users.id));

export type AdminChange =
  | { ok: true; admin: ConsoleAdmin; initialPassword?: string }
  | { ok: false; reason: 'invalid_identifier' | 'no_account' | 'not_admin' | 'last_admin' };

const adminOf = ({ id, username, primaryEmail }: User): ConsoleAdmin => ({ id, username, primaryEmail });

/** The new account an identifier names: an e-mail when it has an @, else a username (spec 02 §5). */
const accountFields = (identifier: string) => {
  if (identifier.length > identifierMaxLength) return undefined;
  if (identifier.includes('@')) return emailPattern.test(identifier) ? { email: identifier } : undefined;
  return usernamePattern.test(identifier) ? { username: identifier } : undefined;
};

/**
 * Makes the account with this e-mail or username an admin of the console. Without such an account it creates one with
 * a random password, answered once as `initialPassword` for the operator to hand over.
 */
export const addConsoleAdmin = async (db: Db, identifier: string): Promise<AdminChange> => {
  const trimmed = identifier.trim();
  const existing = await findUserByIdentifier(db, trimmed);
  if (existing) {
    await db
      .insert(tenantMembers)
      .values({ tenantId: defaultTenantId, userId: existing.id, role: consoleAdminRole })
      .onConflictDoUpdate({ target: [tenantMembers.tenantId, tenantMembers.userId], set: { role: consoleAdminRole } });
    return { ok: true, admin: adminOf(existing) };
  }
  const fields = accountFields(trimmed);
  if (!fields) return { ok: false, reason: 'invalid_identifier' };
  const initialPassword = newSecret();
  const created = await createAccount(db, { ...fields, password: initialPassword }, 'self-hosted', { asAdmin: true });
  // A sign-up that took the identifier in the meantime: that account is the one to make admin.
  if (!created.ok) return addConsoleAdmin(db, trimmed);
  return { ok: true, admin: adminOf(created.user), initialPassword };
};

/** Takes the console admin role from the account with this e-mail or username; the last admin stays. */
export const removeConsoleAdmin = async (db: Db, identifier: string): Promise<AdminChange> => {
  const user = await findUserByIdentifier(db, identifier);
  if (!user) return { ok: false, reason: 'no_account' };
  return db.transaction(async (tx): Promise<AdminChange> => {
    await lockConsoleAdmins(tx);
    const admins = await listConsoleAdmins(tx);
    if (!admins.some((admin) => admin.id === user.id)) return { ok: false, reason: 'not_admin' };
    if (admins.length === 1) return { ok: false, reason: 'last_admin' };
    await tx.delete(tenantMembers).where(and(isConsoleAdmin, eq(tenantMembers.userId, user.id)));
    return { ok: true, admin: adminOf(user) };
  });
};
