import { eq, sql } from 'drizzle-orm';
import { defaultTenantId, type TenantRole } from '../../schemas/constants.ts';
import type { Edition } from '../../schemas/config.ts';
import { features } from '../../schemas/edition.ts';
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
export type SignUpResult = { ok: true; user: User } | { ok: false; reason: 'username_taken' | 'email_taken' };

/**
 * Creates an account with an argon2id password hash. In the self-hosted edition the first account becomes the admin
 * of the default tenant; a transaction-scoped lock keeps two simultaneous first sign-ups from both becoming admin.
 */
export const createAccount = async (db: Db, account: NewAccount, edition: Edition): Promise<SignUpResult> => {
  const passwordHash = await hashPassword(account.password);
  try {
    const user = await db.transaction(async (tx) => {
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
        await tx.execute(sql`select pg_advisory_xact_lock(7326412)`);
        const role: TenantRole = 'admin';
        await tx.execute(sql`
          insert into ${tenantMembers} (tenant_id, user_id, role)
          select ${defaultTenantId}, ${created!.id}, ${role}
          where not exists (select 1 from ${tenantMembers} where tenant_id = ${defaultTenantId} and role = ${role})`);
      }
      return created!;
    });
    return { ok: true, user };
  } catch (error) {
    const { code, constraint } = postgresError(error);
    if (code === uniqueViolation && constraint === 'users_username_unique') return { ok: false, reason: 'username_taken' };
    if (code === uniqueViolation && constraint === 'users_primary_email_unique') return { ok: false, reason: 'email_taken' };
    throw error;
  }
};
