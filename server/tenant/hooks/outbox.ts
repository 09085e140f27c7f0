import { sql } from 'drizzle-orm';
import type { HookEvent } from '#schemas/webhook.ts';
import type { Db } from '#server/db/client.ts';
import { hookDeliveries, hookEventSequences } from '#server/db/idp.ts';
import { generateId } from '#server/ids.ts';
import { hooksListeningTo } from './store.ts';

/** The channel that wakes every process's dispatcher when deliveries are due (committed with them). */
export const hookChannel = 'gatehouse_hooks';

/** Wakes the dispatchers; in a transaction, only when (and if) it commits. */
export const announceDeliveries = async (db: Db) => {
  await db.execute(sql`select pg_notify(${hookChannel}, '')`);
};

/** The tenant's next event number, counted under the row's lock until the transaction ends. */
const nextSequence = async (tx: Db, tenantId: string) => {
  const [row] = await tx
    .insert(hookEventSequences)
    .values({ tenantId, value: 1 })
    .onConflictDoUpdate({ target: hookEventSequences.tenantId, set: { value: sql`${hookEventSequences.value} + 1` } })
    .returning({ value: hookEventSequences.value });
  return row!.value;
};

/**
 * Writes one outbox row per enabled hook of the tenant that listens to `event`, in `tx`, the transaction of the change
 * (tenant-runtime.md §5): no commit, no event. Each body is `{ hookId, event, createdAt, sequence, ...payload }`, the
 * exact JSON every attempt sends. Answers how many deliveries it wrote.
 */
export const enqueueHookEvent = async (tx: Db, tenantId: string, event: HookEvent, payload: Record<string, unknown>) => {
  const listening = await hooksListeningTo(tx, tenantId, event);
  if (listening.length === 0) return 0;
  const sequence = await nextSequence(tx, tenantId);
  const createdAt = new Date().toISOString();
  await tx.insert(hookDeliveries).values(
    listening.map((hook) => ({
      tenantId,
      id: generateId(),
      hookId: hook.id,
      event,
      body: JSON.stringify({ hookId: hook.id, event, createdAt, sequence, ...payload }),
      maxAttempts: 1 + hook.config.retries,
      sequence,
    })),
  );
  await announceDeliveries(tx);
  return listening.length;
};
