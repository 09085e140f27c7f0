import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { checkPassword } from '#schemas/password-policy.ts';
import { checkPasswordWithinLimit } from '../accounts/rate-limit.ts';
import { findUserById } from '../accounts/console-accounts.ts';
import { accountNotFound, HttpError } from '../api/errors.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { deleteOidcState } from '../accounts/oidc-state.ts';
import { consumeVerification, grantVerification, verificationRequired } from './verification.ts';

/** Wrong current passwords count against the user, under their own key of the sign-in rate limit. */
export const passwordVerificationKey = (userId: string) => `me:password:${userId}`;

/** POST me/password/verify: a correct password is a verification for setting a new one within 10 minutes. */
export const verifyCurrentPassword = async (db: Db, userId: string, password: string) => {
  const user = await findUserById(db, userId);
  if (!user) throw accountNotFound();
  const { passwordHash } = user;
  const result = await checkPasswordWithinLimit(db, passwordVerificationKey(userId), async () =>
    Boolean(passwordHash && (await verify(passwordHash, password))),
  );
  if (result === 'too_many_attempts') throw new HttpError('user.too_many_attempts', 'Too many wrong passwords. Try again in 15 minutes.');
  if (result === 'invalid') throw new HttpError('user.invalid_password', 'The password is not correct.');
  await grantVerification(db, userId, 'password');
};

/**
 * POST me/password: the new password must pass the policy of spec 02 §5; a user who already has a password must have
 * verified (their password, or a code of their primary e-mail) within the last 10 minutes. The verification is used up.
 * Changing a password ends the user's other sign-ins (sessions, grants, tokens); `currentGrantId`'s stays.
 */
export const setPassword = async (db: Db, userId: string, password: string, currentGrantId: string) => {
  const user = await findUserById(db, userId);
  if (!user) throw accountNotFound();
  const codes = checkPassword(password, user);
  if (codes.length > 0) throw new HttpError('password.rejected', 'The password does not meet the password policy.', { codes });
  const passwordHash = await hash(password);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update');
    if (!locked) throw accountNotFound();
    if (locked.passwordHash && !(await consumeVerification(tx, userId, 'password'))) throw verificationRequired('your password');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    if (locked.passwordHash) await deleteOidcState(tx, userId, { except: currentGrantId });
  });
};
