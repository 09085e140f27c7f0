import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import {
  verificationCodeLength,
  verificationCodeMaxTries,
  verificationLifetimeMs,
  type VerificationAction,
} from '#schemas/profile.ts';
import { limitReached, takeWithinLimit } from '../accounts/rate-limit.ts';
import type { Db } from '../db/client.ts';
import { users, verificationCodes, verificationStatuses } from '../db/schema.ts';
import { generateId } from '../ids.ts';
import type { Mailer } from '../mail/mailer.ts';
import { verificationCodeMail } from '../mail/verification-mail.ts';
import { ok, type Result } from '../result.ts';
import { sameSecret } from '../secrets.ts';
import type { Locale } from '#schemas/locales.ts';

/** Codes one user may have sent within the window. */
export const maxCodesPerWindow = 5;
export const codeWindowMs = 15 * 60 * 1000;

export type VerificationKind = 'password' | 'email';

/** A change that needs a verification (of `what`) the user has not made within the last 10 minutes. */
export type VerificationRequired = { reason: 'user.verification_required'; what: string };
export const verificationRequired = (what: string) => ({ ok: false, reason: 'user.verification_required', what }) as const;

/** The e-mail is another account's. */
export type EmailInUse = { reason: 'user.email_already_in_use' };

const expiry = () => new Date(Date.now() + verificationLifetimeMs);

/** Records that the user just proved their password or an e-mail; `consumeVerification` uses it up. */
export const grantVerification = async (db: Db, userId: string, kind: VerificationKind, email?: string) => {
  await db.insert(verificationStatuses).values({ id: generateId(), userId, kind, email: email ?? null, expiresAt: expiry() });
};

/** Uses up the user's live verifications of this kind (and e-mail); false when there is none. */
export const consumeVerification = async (tx: Db, userId: string, kind: VerificationKind, email?: string) => {
  const rows = await tx
    .delete(verificationStatuses)
    .where(
      and(
        eq(verificationStatuses.userId, userId),
        eq(verificationStatuses.kind, kind),
        email === undefined ? isNull(verificationStatuses.email) : eq(verificationStatuses.email, email),
        gt(verificationStatuses.expiresAt, new Date()),
      ),
    )
    .returning({ id: verificationStatuses.id });
  return rows.length > 0;
};

export const isEmailTakenByOther = async (db: Db, userId: string, email: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.primaryEmail, email), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
};

const newCode = () => String(randomInt(0, 10 ** verificationCodeLength)).padStart(verificationCodeLength, '0');

/** Mails a new code to `email` (lower-cased); earlier codes of the user for that e-mail stop working. */
export const sendVerificationCode = async (
  db: Db,
  mailer: Mailer,
  userId: string,
  email: string,
  locale: Locale,
): Promise<Result<void, EmailInUse | { reason: 'verification_code.too_many_requests' }>> => {
  if (await isEmailTakenByOther(db, userId, email)) return { ok: false, reason: 'user.email_already_in_use' };
  const code = newCode();
  const stored = await takeWithinLimit(
    db,
    { key: `verification-codes:${userId}`, max: maxCodesPerWindow, windowMs: codeWindowMs },
    (tx, since) =>
      tx.select({ value: count() }).from(verificationCodes).where(and(eq(verificationCodes.userId, userId), gt(verificationCodes.createdAt, since))),
    async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumed: true })
        .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.email, email)));
      await tx.insert(verificationCodes).values({ id: generateId(), userId, email, type: 'Generic', code, expiresAt: expiry() });
    },
  );
  if (stored === limitReached) return { ok: false, reason: 'verification_code.too_many_requests' };
  await mailer.send(verificationCodeMail({ to: email, code, locale }));
  return ok(undefined);
};

type CheckResult = 'ok' | 'not_found' | 'expired' | 'exceed_max_try' | 'code_mismatch';

/** Checks the newest code of the user for the e-mail under its row lock; a wrong code counts a try. */
const checkCode = (db: Db, userId: string, email: string, code: string) =>
  db.transaction(async (tx): Promise<CheckResult> => {
    const [record] = await tx
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.email, email), eq(verificationCodes.consumed, false)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1)
      .for('update');
    if (!record) return 'not_found';
    if (record.expiresAt.getTime() <= Date.now()) return 'expired';
    if (record.tryCount >= verificationCodeMaxTries) return 'exceed_max_try';
    const matches = sameSecret(code, record.code);
    await tx
      .update(verificationCodes)
      .set(matches ? { consumed: true } : { tryCount: record.tryCount + 1 })
      .where(eq(verificationCodes.id, record.id));
    return matches ? 'ok' : 'code_mismatch';
  });

/**
 * Verifies a code. changeEmail records the e-mail as proven (for PATCH me/primary-email); changePassword, for the
 * user's primary e-mail only, counts as a verified password (for POST me/password).
 */
export const verifyCode = async (
  db: Db,
  user: { id: string; primaryEmail: string | null },
  input: { email: string; verificationCode: string; action: VerificationAction },
): Promise<Result<void, { reason: 'user.email_not_primary' | `verification_code.${Exclude<CheckResult, 'ok'>}` }>> => {
  if (input.action === 'changePassword' && input.email !== user.primaryEmail) return { ok: false, reason: 'user.email_not_primary' };
  const result = await checkCode(db, user.id, input.email, input.verificationCode);
  if (result !== 'ok') return { ok: false, reason: `verification_code.${result}` };
  if (input.action === 'changePassword') await grantVerification(db, user.id, 'password');
  else await grantVerification(db, user.id, 'email', input.email);
  return ok(undefined);
};
