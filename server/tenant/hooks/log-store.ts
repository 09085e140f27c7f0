import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { hookLogKeyPrefix, type HookLog, type HookLogPayload } from '#schemas/webhook.ts';
import type { Db } from '#server/db/client.ts';
import { logs } from '#server/db/idp.ts';
import { pageOf, totalCount, type Page } from '../list.ts';

/** The delivery attempts of the tenant's hooks: `TriggerHook.{event}` logs, read by hook (webhooks.md §4). */

const isHookLog = sql`${logs.key} like ${`${hookLogKeyPrefix}%`}`;

type LogRow = typeof logs.$inferSelect;
const toHookLog = (row: LogRow): HookLog => ({
  id: row.id,
  key: row.key,
  // Written by the dispatcher (deliver.ts) with this shape.
  payload: row.payload as HookLogPayload,
  createdAt: row.createdAt.toISOString(),
});

export type HookLogFilters = { logKey?: string; deliveryId?: string; startTime: Date; endBefore?: Date };

/** A page of a hook's delivery attempts in the window, newest first. */
export const listHookLogs = async (db: Db, tenantId: string, hookId: string, { limit, offset }: Page, { logKey, deliveryId, startTime, endBefore }: HookLogFilters) => {
  const where = and(
    eq(logs.tenantId, tenantId),
    eq(logs.hookId, hookId),
    isHookLog,
    logKey === undefined ? undefined : eq(logs.key, logKey),
    deliveryId === undefined ? undefined : sql`${logs.payload}->>'deliveryId' = ${deliveryId}`,
    gte(logs.createdAt, startTime),
    endBefore && lt(logs.createdAt, endBefore),
  );
  const rows = await db.select({ row: logs, total: totalCount() }).from(logs).where(where).orderBy(desc(logs.createdAt), desc(logs.id)).limit(limit).offset(offset);
  return pageOf(rows, toHookLog, async () => (await db.select({ value: count() }).from(logs).where(where))[0]?.value ?? 0);
};

/** One delivery attempt of the tenant's hooks (of `hookId`, when given), within its retention (`since`). */
export const findHookLog = async (db: Db, tenantId: string, id: string, { hookId, since }: { hookId?: string; since?: Date } = {}) => {
  const [row] = await db
    .select()
    .from(logs)
    .where(and(eq(logs.tenantId, tenantId), eq(logs.id, id), isHookLog, hookId === undefined ? undefined : eq(logs.hookId, hookId), since && gte(logs.createdAt, since)))
    .limit(1);
  return row && toHookLog(row);
};
