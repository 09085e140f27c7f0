import type { Database, Db } from './client.ts';
import { and, inArray, lt } from 'drizzle-orm';
import { demoSocialCodes, devMailbox, devSmsOutbox, oidcModels, signInFailures, socialAuthorizations, verificationCodes, verificationStatuses } from './schema.ts';
import { checkoutSessions, portalSessions } from './billing-schema.ts';
import { tenantVerificationCodes } from './idp.ts';
import { codeSendWindowMs } from '../tenant/verification-codes/domain.ts';
import { signInFailureWindowMs } from '../accounts/rate-limit.ts';
import { expireInvitations } from '../invitations.ts';
import { deleteFinished } from '../tenant/hooks/delivery-store.ts';
import type { DeferredWork } from '../deferred/scheduler.ts';
import { purgeExpiredLogs, vacuumLogs, type RetentionSettings } from '../tenant/logs/retention.ts';

const cleanupIntervalMs = 10 * 60 * 1000;
/** Delivered and failed webhook deliveries are kept this long; their logs keep the history (webhooks.md §6.8). */
export const hookDeliveryRetentionMs = 7 * 24 * 60 * 60 * 1000;
export const devMailRetentionMs = 7 * 24 * 60 * 60 * 1000;
/** Unpaid and finished checkout sessions are kept this long after they expire, for support questions. */
export const checkoutRetentionMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes expired OIDC rows, old sign-in failures, old dev mail and dev text messages, expired customer-portal sessions, old checkout
 * sessions (never one that is paid and waiting for completion), and expired verification codes, verifications and
 * social link requests, finished webhook deliveries after 7 days; marks invitations past their expiry as Expired; deletes each tenant's audit logs older than it
 * keeps them (`settings`, logs/retention.ts).
 */
export const deleteExpiredRows = async (db: Db, settings: RetentionSettings) => {
  const now = new Date();
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, now));
  await db.delete(signInFailures).where(lt(signInFailures.createdAt, new Date(now.getTime() - signInFailureWindowMs)));
  await db.delete(devMailbox).where(lt(devMailbox.createdAt, new Date(now.getTime() - devMailRetentionMs)));
  await db.delete(devSmsOutbox).where(lt(devSmsOutbox.createdAt, new Date(now.getTime() - devMailRetentionMs)));
  await expireInvitations(db, now);
  await db.delete(portalSessions).where(lt(portalSessions.expiresAt, now));
  await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, now));
  // Kept through the sending limits' window, which counts them.
  await db.delete(tenantVerificationCodes).where(lt(tenantVerificationCodes.expiresAt, new Date(now.getTime() - codeSendWindowMs)));
  await db.delete(verificationStatuses).where(lt(verificationStatuses.expiresAt, now));
  await db.delete(socialAuthorizations).where(lt(socialAuthorizations.expiresAt, now));
  await db.delete(demoSocialCodes).where(lt(demoSocialCodes.expiresAt, now));
  await db
    .delete(checkoutSessions)
    .where(
      and(inArray(checkoutSessions.status, ['open', 'complete', 'expired']), lt(checkoutSessions.expiresAt, new Date(now.getTime() - checkoutRetentionMs))),
    );
  await deleteFinished(db, new Date(now.getTime() - hookDeliveryRetentionMs));
  await purgeExpiredLogs(db, settings);
};

/**
 * `deleteExpiredRows` as deferred work of each process, every ten minutes from its start. PGlite runs no autovacuum:
 * there the logs are vacuumed after, so the purged rows' space is used again and the audit log's count reads index
 * entries alone.
 */
export const expiredRowsCleanup = ({ db, kind }: Pick<Database, 'db' | 'kind'>, settings: RetentionSettings): DeferredWork => {
  let nextRun = Date.now() + cleanupIntervalMs;
  return {
    name: 'cleanup of expired rows',
    nextDueAt: async () => new Date(nextRun),
    runDue: async () => {
      nextRun = Date.now() + cleanupIntervalMs;
      await deleteExpiredRows(db, settings);
      if (kind === 'pglite') await vacuumLogs(db);
      return 1;
    },
  };
};
