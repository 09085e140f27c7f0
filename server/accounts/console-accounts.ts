import { and, eq, sql } from 'drizzle-orm';
import { defaultTenantId, type TenantRole } from '#schemas/constants.ts';
import type { Edition } from '#schemas/config.ts';
import { features } from '#schemas/edition.ts';
import type { Db } from '../db/client.ts';
import { postgresError, uniqueViolation } from '../db/errors.ts';
import { tenantMembers, users } from '../db/schema.ts';
import { generateId } from '../ids.ts';
import { checkSignInPassword, hashPassword, signInLimitKeys } from './password-sign-in.ts';

export type User = typeof users.$inferSelect;

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const signInLimit = signInLimitKeys('sign-in');
/** Key of an account's sign-in rate limit, whichever of its identifiers was typed. */
export const signInLimitKey = signInLimit.account;

export const findUserByIdentifier = async (db: Db, identifier: string): Promise<User | undefined> => {
  const trimmed = identifier.trim();
  const condition = trimmed.includes('@') ? eq(users.primaryEmail, normalizeEmail(trimmed)) : eq(users.username, trimmed);
  const [user] = await db.select().from(users).where(condition).limit(1);
  return user;
};

export const findUserById = async (db: Db, id: string): Promise<User | undefined> => {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
};

export type SignInResult = { ok: true; user: User } | { ok: false; reason: 'invalid_credentials' | 'too_many_attempts' };

export const signInWithPassword = async (db: Db, identifier: string, password: string): Promise<SignInResult> => {
  const user = await findUserByIdentifier(db, identifier);
  const result = await checkSignInPassword(db, signInLimit, user, identifier, password);
  if (result === 'too_many_attempts') return { ok: false, reason: result };
  return result === 'ok' ? { ok: true, user: user! } : { ok: false, reason: 'invalid_credentials' };
};

export type NewAccount = { username?: string; email?: string; password: string };
export type SignUpResult = { ok: true; user: User } | { ok: false; reason: 'username_taken' | 'email_taken' | 'sign_up_closed' };

/** Serializes the self-hosted sign-ups and admin changes, so two of them never both see "no admin yet" or "one admin left". */
export const lockConsoleAdmins = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(7326412)`);

/** The self-hosted console's admins are the admins of the default tenant. */
export const consoleAdminRole: TenantRole = 'admin';
export const isConsoleAdmin = and(eq(tenantMembers.tenantId, defaultTenantId), eq(tenantMembers.role, consoleAdminRole));

/** Whether the default tenant has an admin: from then on the self-hosted sign-up is closed. */
export const hasConsoleAdmin = async (db: Db) => {
  const [row] = await db.select({ userId: tenantMembers.userId }).from(tenantMembers).where(isConsoleAdmin).limit(1);
  return row !== undefined;
};

/** Whether a visitor may create an account: always in the cloud; in the self-hosted edition until the first admin exists. */
export const isSignUpOpen = async (db: Db, edition: Edition) => features(edition).multipleTenants || !(await hasConsoleAdmin(db));

class SignUpClosed extends Error {}

/**
 * Creates an account with an argon2id password hash. In the self-hosted edition the first account becomes the admin
 * of the default tenant and closes the sign-up; `asAdmin` (the ops CLI's add-admin) creates an admin after that.
 */
export const createAccount = async (db: Db, account: NewAccount, edition: Edition, { asAdmin = false } = {}): Promise<SignUpResult> => {
  const passwordHash = await hashPassword(account.password);
  try {
    const user = await db.transaction(async (tx) => {
      if (!features(edition).multipleTenants) {
        await lockConsoleAdmins(tx);
        if (!asAdmin && (await hasConsoleAdmin(tx))) throw new SignUpClosed();
      }
      const [created] = await tx
        .insert(users)
        .values({
          id: generateId(12),
          username: account.username || null,
          primaryEmail: account.email ? normalizeEmail(account.email) : null,
          passwordHash,
        })
        .returning();
      if (!features(edition).multipleTenants) {
        await tx.insert(tenantMembers).values({ tenantId: defaultTenantId, userId: created!.id, role: consoleAdminRole });
      }
      return created!;
    });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof SignUpClosed) return { ok: false, reason: 'sign_up_closed' };
    const { code, constraint } = postgresError(error);
    if (code === uniqueViolation && constraint === 'users_username_unique') return { ok: false, reason: 'username_taken' };
    if (code === uniqueViolation && constraint === 'users_primary_email_unique') return { ok: false, reason: 'email_taken' };
    throw error;
  }
};
