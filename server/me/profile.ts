import { eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { updateMeGuard } from '#schemas/profile.ts';
import type { Me } from '#schemas/user.ts';
import type { User } from '../accounts/console-accounts.ts';
import type { Db } from '../db/client.ts';
import { postgresError, uniqueViolation } from '../db/errors.ts';
import { users } from '../db/schema.ts';
import { ok, transactionResult, type Result } from '../result.ts';
import { accountGone, type AccountGone } from './password.ts';
import { consumeVerification, verificationRequired, type EmailInUse, type VerificationRequired } from './verification.ts';

export const toMe = (user: User): Me => ({
  id: user.id,
  username: user.username,
  primaryEmail: user.primaryEmail,
  primaryPhone: user.primaryPhone,
  name: user.name,
  avatar: user.avatar,
  hasPassword: Boolean(user.passwordHash),
  identities: user.identities,
  customData: user.customData,
});

/** Why a change of the account is refused. */
export type ProfileRefusal = AccountGone | EmailInUse | VerificationRequired | { reason: 'user.username_already_in_use' };

/** Unique violations of users' username and e-mail as the Me API answers them. */
const conflictOf = (error: unknown) => {
  const { code, constraint } = postgresError(error);
  if (code !== uniqueViolation) return undefined;
  if (constraint === 'users_username_unique') return { ok: false, reason: 'user.username_already_in_use' } as const;
  if (constraint === 'users_primary_email_unique') return { ok: false, reason: 'user.email_already_in_use' } as const;
  return undefined;
};

const updateUser = async (
  db: Db,
  userId: string,
  values: Partial<User>,
  before?: (tx: Db) => Promise<Result<void, VerificationRequired>>,
): Promise<Result<User, ProfileRefusal>> => {
  try {
    return await transactionResult(db, async (tx): Promise<Result<User, ProfileRefusal>> => {
      const allowed = (await before?.(tx)) ?? ok(undefined);
      if (!allowed.ok) return allowed;
      const [row] = await tx.update(users).set(values).where(eq(users.id, userId)).returning();
      return row ? ok(row) : accountGone;
    });
  } catch (error) {
    const conflict = conflictOf(error);
    if (conflict) return conflict;
    throw error;
  }
};

/** PATCH me: one of name, username or avatar; an empty name or avatar removes it. */
export const updateProfile = (db: Db, userId: string, patch: z.output<typeof updateMeGuard>) => {
  if (patch.username !== undefined) return updateUser(db, userId, { username: patch.username });
  if (patch.name !== undefined) return updateUser(db, userId, { name: patch.name || null });
  return updateUser(db, userId, { avatar: patch.avatar || null });
};

/** PATCH me/primary-email: the e-mail must have been verified with a code (action changeEmail) within 10 minutes. */
export const setPrimaryEmail = (db: Db, userId: string, email: string) =>
  updateUser(db, userId, { primaryEmail: email, primaryEmailVerifiedBy: 'code' }, async (tx) =>
    (await consumeVerification(tx, userId, 'email', email)) ? ok(undefined) : verificationRequired('this e-mail with a code'),
  );
