import { eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { updateMeGuard } from '#schemas/profile.ts';
import type { Me } from '#schemas/user.ts';
import type { User } from '../accounts/console-accounts.ts';
import { accountNotFound, HttpError } from '../api/errors.ts';
import type { Db } from '../db/client.ts';
import { postgresError, uniqueViolation } from '../db/errors.ts';
import { users } from '../db/schema.ts';
import { consumeVerification, emailInUse, verificationRequired } from './verification.ts';

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

/** Unique violations of users' username and e-mail as the Me API answers them. */
const conflictOf = (error: unknown) => {
  const { code, constraint } = postgresError(error);
  if (code !== uniqueViolation) return undefined;
  if (constraint === 'users_username_unique') return new HttpError('user.username_already_in_use', 'This username is already in use.');
  if (constraint === 'users_primary_email_unique') return emailInUse();
  return undefined;
};

const updateUser = async (db: Db, userId: string, values: Partial<User>, before?: (tx: Db) => Promise<void>) => {
  try {
    return await db.transaction(async (tx) => {
      await before?.(tx);
      const [row] = await tx.update(users).set(values).where(eq(users.id, userId)).returning();
      if (!row) throw accountNotFound();
      return row;
    });
  } catch (error) {
    throw conflictOf(error) ?? error;
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
  updateUser(db, userId, { primaryEmail: email, primaryEmailVerifiedBy: 'code' }, async (tx) => {
    if (!(await consumeVerification(tx, userId, 'email', email))) throw verificationRequired('this e-mail with a code');
  });
