import { createHmac, randomInt } from 'node:crypto';
import { resendAfterMs } from '#machines/sign-in-steps.ts';
import { verificationCodeLength, verificationCodeMaxTries, verificationLifetimeMs } from '#schemas/profile.ts';
import { limitReached, takeWithinLimit } from '#server/accounts/rate-limit.ts';
import type { Db } from '#server/db/client.ts';
import { generateId } from '#server/ids.ts';
import { sameSecret } from '#server/secrets.ts';
import type { ConnectorError, ConnectorOutcome } from '../connectors/factory.ts';
import { codesSentFor, codesSentTo, latestCode, replaceCode, updateCode, type CodeKey } from './store.ts';

/**
 * The verification codes of a tenant's sign-in pages (tenant-runtime.md §4, spec 02 §3 and §9): six digits, sent
 * through the tenant's connector, kept only as an HMAC under the server's secrets key (server/secrets-key.ts, outside
 * the database: a copy of the rows cannot try the million codes), valid for ten minutes and five tries,
 * used once, replaced by the next one, sent again only after 60 s, and limited per identifier and per client.
 */

/** Codes sent to one identifier, and for one client address, within the window. */
export const maxCodesPerIdentifier = 5;
export const maxCodesPerClient = 10;
export const codeSendWindowMs = 15 * 60 * 1000;

/** A code's stored form, bound to its tenant and row. */
export const codeHash = (key: Buffer, tenantId: string, id: string, code: string) => createHmac('sha256', key).update(`${tenantId}:${id}:${code}`).digest('hex');
const newCode = () => String(randomInt(0, 10 ** verificationCodeLength)).padStart(verificationCodeLength, '0');

export type SendCodeOutcome =
  | { ok: true; sentAt: number }
  | { ok: false; reason: 'resend_too_soon'; sentAt: number }
  | { ok: false; reason: 'too_many_requests' }
  | { ok: false; reason: 'send_failed'; error: ConnectorError };

/**
 * Stores a new code for the interaction's identifier and, when `deliver` gives a way, sends it. Without one (a
 * password reset for an identifier no account has) the code is stored all the same, so that the answer and its work
 * are those of a code sent; nobody can type it back.
 */
export const sendCode = async (
  db: Db,
  tenantId: string,
  secret: Buffer,
  key: CodeKey & { client: string },
  deliver: ((code: string) => Promise<ConnectorOutcome<void>>) | undefined,
): Promise<SendCodeOutcome> => {
  const id = generateId(21);
  const code = newCode();
  const window = { windowMs: codeSendWindowMs };
  const stored = await takeWithinLimit(
    db,
    { key: `tenant:${tenantId}:codes:${key.identifier}`, max: maxCodesPerIdentifier, ...window },
    (tx, since) => codesSentTo(tx, tenantId, key.identifier, since),
    (tx) =>
      takeWithinLimit(
        tx,
        { key: `tenant:${tenantId}:codes-client:${key.client}`, max: maxCodesPerClient, ...window },
        (inner, since) => codesSentFor(inner, tenantId, key.client, since),
        async (inner) => {
          const last = await latestCode(inner, tenantId, key);
          const sentAt = last?.createdAt.getTime() ?? 0;
          if (Date.now() - sentAt < resendAfterMs) return { ok: false, reason: 'resend_too_soon', sentAt } as const;
          const now = Date.now();
          const row = await replaceCode(inner, tenantId, { ...key, id, codeHash: codeHash(secret, tenantId, id, code), createdAt: new Date(now), expiresAt: new Date(now + verificationLifetimeMs) });
          return { ok: true, sentAt: row.createdAt.getTime() } as const;
        },
      ),
  );
  if (stored === limitReached) return { ok: false, reason: 'too_many_requests' };
  if (!stored.ok) return stored;
  if (!deliver) return stored;
  const sent = await deliver(code);
  if (sent.ok) return stored;
  await updateCode(db, tenantId, id, { consumed: true });
  return { ok: false, reason: 'send_failed', error: sent.error };
};

export type CodeCheck = 'ok' | 'not_found' | 'expired' | 'exceed_max_try' | 'code_mismatch';

/** Checks a typed code against the newest one of the interaction's identifier, under its row lock; a wrong one counts a try. */
export const checkCode = (db: Db, tenantId: string, secret: Buffer, key: CodeKey, typed: string) =>
  db.transaction(async (tx): Promise<CodeCheck> => {
    const record = await latestCode(tx, tenantId, key, { forUpdate: true });
    if (!record || record.consumed) return 'not_found';
    if (record.expiresAt.getTime() <= Date.now()) return 'expired';
    if (record.tryCount >= verificationCodeMaxTries) return 'exceed_max_try';
    const matches = sameSecret(codeHash(secret, tenantId, record.id, typed.trim()), record.codeHash);
    await updateCode(tx, tenantId, record.id, matches ? { consumed: true } : { tryCount: record.tryCount + 1 });
    return matches ? 'ok' : 'code_mismatch';
  });
