import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { defaultPasswordPolicy } from '#schemas/password-policy.ts';
import type { ServerConfig } from '#server/config.ts';
import { checkNewPassword, passwordRejection, type PasswordRejection } from '#server/passwords/new-password.ts';
import { checkPasswordWithinLimit } from '../accounts/rate-limit.ts';
import { findUserById } from '../accounts/console-accounts.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { deleteOidcState } from '../accounts/oidc-state.ts';
import { ok, transactionResult, type Result } from '../result.ts';
import { consumeVerification, grantVerification, verificationRequired, type VerificationRequired } from './verification.ts';

/** The account of the token no longer exists. */
export type AccountGone = { reason: 'auth.account_not_found' };
export const accountGone = { ok: false, reason: 'auth.account_not_found' } as const;

/** Wrong current passwords count against the user, under their own key of the sign-in rate limit. */
export const passwordVerificationKey = (userId: string) => `me:password:${userId}`;

/** POST me/password/verify: a correct password is a verification for setting a new one within 10 minutes. */
export const verifyCurrentPassword = async (
  db: Db,
  userId: string,
  password: string,
): Promise<Result<void, AccountGone | { reason: 'user.too_many_attempts' | 'user.invalid_password' }>> => {
  const user = await findUserById(db, userId);
  if (!user) return accountGone;
  const { passwordHash } = user;
  const result = await checkPasswordWithinLimit(db, passwordVerificationKey(userId), async () =>
    Boolean(passwordHash && (await verify(passwordHash, password))),
  );
  if (result === 'too_many_attempts') return { ok: false, reason: 'user.too_many_attempts' };
  if (result === 'invalid') return { ok: false, reason: 'user.invalid_password' };
  await grantVerification(db, userId, 'password');
  return ok(undefined);
};

/**
 * POST me/password: the new password must pass the default policy of spec 02 §5, breached passwords included; a user
 * who already has a password must have verified (their password, or a code of their primary e-mail) within the last 10
 * minutes. The verification is used up.
 * Changing a password ends the user's other sign-ins (sessions, grants, tokens); `currentGrantId`'s stays.
 */
export const setPassword = async (
  db: Db,
  config: Pick<ServerConfig, 'breachedPasswordsUrl'>,
  { userId, password, currentGrantId }: { userId: string; password: string; currentGrantId: string },
): Promise<Result<void, AccountGone | VerificationRequired | PasswordRejection>> => {
  const user = await findUserById(db, userId);
  if (!user) return accountGone;
  const codes = await checkNewPassword(config, password, { username: user.username, email: user.primaryEmail, name: user.name }, defaultPasswordPolicy);
  if (codes.length > 0) return { ok: false, ...passwordRejection(codes) };
  const passwordHash = await hash(password);
  return transactionResult(db, async (tx) => {
    const [locked] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update');
    if (!locked) return accountGone;
    if (locked.passwordHash && !(await consumeVerification(tx, userId, 'password'))) return verificationRequired('your password');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    if (locked.passwordHash) await deleteOidcState(tx, userId, { except: currentGrantId });
    return ok(undefined);
  });
};
