import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { hookDeliveries, hooks, type StoredHookConfig } from '#server/db/idp.ts';
import { announceDeliveries } from './outbox.ts';

/**
 * The dispatcher's queries over every tenant's outbox (tenant-runtime.md §5). Each names its rows by (tenant_id, id);
 * only the claim reads across tenants, as the one worker of all of them.
 */

export type ClaimedDelivery = typeof hookDeliveries.$inferSelect & { config: StoredHookConfig; sealedSigningKey: string };

type ClaimedRow = Record<string, unknown>;
const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/**
 * Claims up to `limit` due deliveries of enabled hooks for `leaseMs`: pending ones as their next attempt, and ones still
 * `sending` after their lease (a process that crashed mid-send) as the same attempt again. SKIP LOCKED: two processes
 * never claim one row.
 */
export const claimDue = async (db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> => {
  const result = await db.execute(sql`
    update ${hookDeliveries} d
    set status = 'sending',
        attempt = case when d.status = 'pending' then d.attempt + 1 else d.attempt end,
        locked_until = now() + ${`${leaseMs} milliseconds`}::interval,
        updated_at = now()
    from ${hooks} h
    where h.tenant_id = d.tenant_id and h.id = d.hook_id
      and (d.tenant_id, d.id) in (
        select x.tenant_id, x.id from ${hookDeliveries} x
        join ${hooks} y on y.tenant_id = x.tenant_id and y.id = x.hook_id and y.enabled
        where x.status in ('pending', 'sending') and x.next_attempt_at <= now()
          and (x.locked_until is null or x.locked_until < now())
        order by x.next_attempt_at
        limit ${limit}
        for update of x skip locked)
    returning d.*, h.config as hook_config, h.sealed_signing_key as hook_sealed_signing_key`);
  const rows = (Array.isArray(result) ? result : (result as { rows: ClaimedRow[] }).rows) as ClaimedRow[];
  return rows.map((row) => ({
    tenantId: row.tenant_id as string,
    id: row.id as string,
    hookId: row.hook_id as string,
    event: row.event as ClaimedDelivery['event'],
    body: row.body as string,
    status: row.status as ClaimedDelivery['status'],
    attempt: Number(row.attempt),
    maxAttempts: Number(row.max_attempts),
    nextAttemptAt: dateOf(row.next_attempt_at)!,
    lockedUntil: dateOf(row.locked_until),
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastError: (row.last_error as string | null) ?? null,
    resend: Boolean(row.resend),
    sequence: Number(row.sequence),
    createdAt: dateOf(row.created_at)!,
    updatedAt: dateOf(row.updated_at)!,
    config: (typeof row.hook_config === 'string' ? JSON.parse(row.hook_config) : row.hook_config) as StoredHookConfig,
    sealedSigningKey: row.hook_sealed_signing_key as string,
  }));
};

const claimed = (delivery: Pick<ClaimedDelivery, 'tenantId' | 'id' | 'attempt'>) =>
  and(eq(hookDeliveries.tenantId, delivery.tenantId), eq(hookDeliveries.id, delivery.id), eq(hookDeliveries.status, 'sending'), eq(hookDeliveries.attempt, delivery.attempt));

export type AttemptEnd =
  | { status: 'succeeded' | 'failed'; lastStatus: number | null; lastError: string | null }
  | { status: 'pending'; nextAttemptAt: Date; lastStatus: number | null; lastError: string | null };

/** Records the end of a claimed attempt, if the row is still this claim's; answers whether it was. */
export const endAttempt = async (db: Db, delivery: Pick<ClaimedDelivery, 'tenantId' | 'id' | 'attempt'>, end: AttemptEnd) => {
  const rows = await db
    .update(hookDeliveries)
    .set({ ...end, lockedUntil: null, resend: false, updatedAt: sql`now()` })
    .where(claimed(delivery))
    .returning({ id: hookDeliveries.id });
  return rows.length > 0;
};

/** Gives claimed attempts back at once (a process stopping mid-send): another process sends them as the same attempts. */
export const releaseClaims = async (db: Db, deliveries: Pick<ClaimedDelivery, 'tenantId' | 'id' | 'attempt'>[]) => {
  for (const delivery of deliveries) await db.update(hookDeliveries).set({ lockedUntil: null }).where(claimed(delivery));
  if (deliveries.length) await announceDeliveries(db);
};

/**
 * When the dispatcher next has work: the earliest due attempt of an enabled hook, or the end of a claim's lease (a
 * process may die mid-send); undefined when nothing waits.
 */
export const nextDeliveryDueAt = async (db: Db): Promise<Date | undefined> => {
  const result = await db.execute(sql`
    select min(case when d.status = 'sending' then greatest(d.next_attempt_at, coalesce(d.locked_until, d.next_attempt_at)) else d.next_attempt_at end) as due
    from ${hookDeliveries} d join ${hooks} h on h.tenant_id = d.tenant_id and h.id = d.hook_id and h.enabled
    where d.status in ('pending', 'sending')`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: ClaimedRow[] }).rows) as ClaimedRow[];
  return dateOf(row?.due) ?? undefined;
};

/** A delivery of the tenant's hook. */
export const findDelivery = async (db: Db, tenantId: string, hookId: string, id: string) => {
  const [row] = await db
    .select()
    .from(hookDeliveries)
    .where(and(eq(hookDeliveries.tenantId, tenantId), eq(hookDeliveries.hookId, hookId), eq(hookDeliveries.id, id)))
    .limit(1);
  return row;
};

/**
 * An admin's resend: one more attempt now, the delivery's body unchanged. A delivery that is being sent is left to
 * that attempt; one that housekeeping removed is written again from its log, with its id.
 */
export const resendDelivery = async (db: Db, tenantId: string, row: { id: string; hookId: string; event: ClaimedDelivery['event']; body: string; sequence: number }) => {
  const existing = await findDelivery(db, tenantId, row.hookId, row.id);
  if (existing?.status === 'sending') return;
  if (existing) {
    await db
      .update(hookDeliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, lockedUntil: null, maxAttempts: existing.attempt + 1, resend: true, updatedAt: sql`now()` })
      .where(and(eq(hookDeliveries.tenantId, tenantId), eq(hookDeliveries.id, row.id)));
    await announceDeliveries(db);
    return;
  }
  await db.insert(hookDeliveries).values({ tenantId, ...row, maxAttempts: 1, resend: true });
  await announceDeliveries(db);
};

/** Cancels a hook's deliveries that wait for an attempt (the hook was disabled). */
export const cancelPending = (db: Db, tenantId: string, hookId: string) =>
  db
    .delete(hookDeliveries)
    .where(and(eq(hookDeliveries.tenantId, tenantId), eq(hookDeliveries.hookId, hookId), eq(hookDeliveries.status, 'pending')));

/** Housekeeping: delivered and failed rows older than `before` (the logs keep their history). */
export const deleteFinished = (db: Db, before: Date) =>
  db.delete(hookDeliveries).where(and(inArray(hookDeliveries.status, ['succeeded', 'failed']), lt(hookDeliveries.updatedAt, before)));
