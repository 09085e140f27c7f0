import { lt } from 'drizzle-orm';
import type { Db } from './client.ts';
import { oidcModels, signInFailures } from './schema.ts';
import { signInFailureWindowMs } from '../accounts/rate-limit.ts';

const cleanupIntervalMs = 10 * 60 * 1000;

/** Deletes expired OIDC rows and old sign-in failures. */
export const deleteExpiredRows = async (db: Db) => {
  const now = new Date();
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, now));
  await db.delete(signInFailures).where(lt(signInFailures.createdAt, new Date(now.getTime() - signInFailureWindowMs)));
};

/** Runs `deleteExpiredRows` periodically; the timer holds no state and does not keep the process alive. */
export const scheduleCleanup = (db: Db) => {
  const timer = setInterval(() => {
    deleteExpiredRows(db).catch((error: unknown) => console.error('cleanup of expired rows failed', error));
  }, cleanupIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
