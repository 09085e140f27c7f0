import type { Db } from './client.ts';
import { and, inArray, lt } from 'drizzle-orm';
import { checkoutSessions, devMailbox, oidcModels, portalSessions, signInFailures } from './schema.ts';
import { signInFailureWindowMs } from '../accounts/rate-limit.ts';
import { expireInvitations } from '../invitations.ts';

const cleanupIntervalMs = 10 * 60 * 1000;
export const devMailRetentionMs = 7 * 24 * 60 * 60 * 1000;
/** Unpaid and finished checkout sessions are kept this long after they expire, for support questions. */
export const checkoutRetentionMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes expired OIDC rows, old sign-in failures, old dev mail, expired customer-portal sessions and old checkout
 * sessions (never one that is paid and waiting for completion); marks invitations past their expiry as Expired.
 */
export const deleteExpiredRows = async (db: Db) => {
  const now = new Date();
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, now));
  await db.delete(signInFailures).where(lt(signInFailures.createdAt, new Date(now.getTime() - signInFailureWindowMs)));
  await db.delete(devMailbox).where(lt(devMailbox.createdAt, new Date(now.getTime() - devMailRetentionMs)));
  await expireInvitations(db, now);
  await db.delete(portalSessions).where(lt(portalSessions.expiresAt, now));
  await db
    .delete(checkoutSessions)
    .where(
      and(inArray(checkoutSessions.status, ['open', 'complete', 'expired']), lt(checkoutSessions.expiresAt, new Date(now.getTime() - checkoutRetentionMs))),
    );
};

/** Runs `deleteExpiredRows` periodically; the timer holds no state and does not keep the process alive. */
export const scheduleCleanup = (db: Db) => {
  const timer = setInterval(() => {
    deleteExpiredRows(db).catch((error: unknown) => console.error('cleanup of expired rows failed', error));
  }, cleanupIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
