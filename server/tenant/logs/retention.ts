import { sql } from 'drizzle-orm';
import { features } from '#schemas/edition.ts';
import type { FullQuota } from '#schemas/billing.ts';
import { loadPlans } from '#server/billing/skus.ts';
import type { ServerConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { tenants } from '#server/db/schema.ts';
import { deleteLogsBefore } from './record.ts';

/** What decides how long a tenant keeps its audit logs (audit-logs.md §6). */
export type RetentionSettings = Pick<ServerConfig, 'edition' | 'auditLogRetentionDays'>;

const dayMs = 24 * 60 * 60 * 1000;
/** The purge deletes this many rows per statement, so no statement holds a tenant's logs for long. */
export const purgeBatchSize = 10_000;

/**
 * How many days of audit logs a tenant keeps, null for all of them: its plan's `auditLogsRetentionDays` where plans set
 * quotas (cloud); self-hosted has no plan (`quota` undefined), and keeps them all unless AUDIT_LOG_RETENTION_DAYS says
 * otherwise.
 */
export const keptDays = (settings: RetentionSettings, quota: FullQuota | undefined) => {
  if (!quota) return settings.auditLogRetentionDays ?? null;
  const days = quota.auditLogsRetentionDays;
  return typeof days === 'number' ? days : null;
};

/** The oldest moment a tenant keeping `days` of logs still shows; undefined when it keeps them all. */
export const retentionStart = (days: number | null, now = Date.now()) => (days === null ? undefined : new Date(now - days * dayMs));

/**
 * Deletes every tenant's logs older than its retention, oldest first, at most `batchSize` rows per statement; answers
 * how many logs went, in how many batches. A plan change takes effect at the next run.
 */
export const purgeExpiredLogs = async (db: Db, settings: RetentionSettings, { batchSize = purgeBatchSize } = {}) => {
  const rows = await db.select({ id: tenants.id, planId: tenants.planId }).from(tenants);
  const plans = features(settings.edition).quotas ? await loadPlans(db, rows.map((row) => row.planId)) : undefined;
  const now = Date.now();
  let batches = 0;
  let deleted = 0;
  for (const { id, planId } of rows) {
    const before = retentionStart(keptDays(settings, plans?.get(planId)?.quota), now);
    if (!before) continue;
    for (let batch = batchSize; batch === batchSize; ) {
      batch = await deleteLogsBefore(db, id, before, batchSize);
      if (batch > 0) batches += 1;
      deleted += batch;
    }
  }
  return { deleted, batches };
};

/**
 * Vacuums the logs: the space of deleted rows is used again, and pages whose rows all stay visible are marked so, which
 * lets a count read index entries alone. Cheap (the pages marked already are skipped); PostgreSQL's autovacuum does it
 * there, PGlite has none. No ANALYZE: on a million rows it would hold PGlite's one connection for seconds.
 */
export const vacuumLogs = async (db: Db) => {
  await db.execute(sql`vacuum idp.logs`);
};
