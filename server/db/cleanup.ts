import { lt } from 'drizzle-orm';
import type { Db } from './client.ts';
import { devMailbox, oidcModels, signInFailures } from './schema.ts';
import { signInFailureWindowMs } from '../accounts/rate-limit.ts';
import { expireInvitations } from '../invitations.ts';

const cleanupIntervalMs = 10 * 60 * 1000;
export const devMailRetentionMs = 7 * 24 * 60 * 60 * 1000;

/** Deletes expired OIDC rows, old sign-in failures and old dev mail; marks invitations past their expiry as Expired. */
export const deleteExpiredRows = async (db: Db) => {
  const now = new Date();
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, now));
  await db.delete(signInFailures).where(lt(signInFailures.createdAt, new Date(now.getTime() - signInFailureWindowMs)));
  await db.delete(devMailbox).where(lt(devMailbox.createdAt, new Date(now.getTime() - devMailRetentionMs)));
  await expireInvitations(db, now);
};

/** Runs `deleteExpiredRows` periodically; the timer holds no state and does not keep the process alive. */
export const scheduleCleanup = (db: Db) => {
  const timer = setInterval(() => {
    deleteExpiredRows(db).catch((error: unknown) => console.error('cleanup of expired rows failed', error));
  }, cleanupIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
