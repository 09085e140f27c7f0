import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { HookEvent } from '#schemas/webhook.ts';
import { hookLogKeyPrefix, hookStatsWindowMs } from '#schemas/webhook.ts';
import type { Db } from '#server/db/client.ts';
import { hooks, logs, type StoredHookConfig } from '#server/db/idp.ts';
import { containing, pageOf, totalCount, type Page } from '../list.ts';

/** A stored hook; its signing key sealed (domain.ts opens it). */
export type HookRow = typeof hooks.$inferSelect;
export type NewHookRow = { id: string; name: string; event: HookEvent | null; events: HookEvent[]; config: StoredHookConfig; sealedSigningKey: string; enabled: boolean };
export type HookRowPatch = Partial<Omit<NewHookRow, 'id'>>;

const ofHook = (tenantId: string, id: string) => and(eq(hooks.tenantId, tenantId), eq(hooks.id, id));

export type HookFilters = { enabled?: boolean };

/** A page of the tenant's hooks, newest first; `q` matches the name (substring, any case). */
export const listHooks = async (db: Db, tenantId: string, { limit, offset, q }: Page, { enabled }: HookFilters) => {
  const where = and(eq(hooks.tenantId, tenantId), containing(sql`lower(${hooks.name})`, q), enabled === undefined ? undefined : eq(hooks.enabled, enabled));
  const rows = await db
    .select({ row: hooks, total: totalCount() })
    .from(hooks)
    .where(where)
    .orderBy(desc(hooks.createdAt), desc(hooks.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows, (row) => row, async () => (await db.select({ value: count() }).from(hooks).where(where))[0]?.value ?? 0);
};

export const findHook = async (db: Db, tenantId: string, id: string): Promise<HookRow | undefined> => {
  const [row] = await db.select().from(hooks).where(ofHook(tenantId, id)).limit(1);
  return row;
};

export const insertHook = async (db: Db, tenantId: string, row: NewHookRow) => {
  const [inserted] = await db.insert(hooks).values({ tenantId, ...row }).returning();
  return inserted!;
};

export const updateHook = async (db: Db, tenantId: string, id: string, patch: HookRowPatch) => {
  const [row] = await db.update(hooks).set(patch).where(ofHook(tenantId, id)).returning();
  return row;
};

/** Deletes the hook and, by the foreign key, its deliveries; answers whether there was one. */
export const deleteHook = async (db: Db, tenantId: string, id: string) =>
  (await db.delete(hooks).where(ofHook(tenantId, id)).returning({ id: hooks.id })).length > 0;

/** The tenant's hooks (hooksLimit). */
export const countHooks = async (db: Db, tenantId: string) =>
  (await db.select({ value: count() }).from(hooks).where(eq(hooks.tenantId, tenantId)))[0]?.value ?? 0;

/** The tenant's enabled hooks listening to `event` (its events, or the legacy single event). */
export const hooksListeningTo = (db: Db, tenantId: string, event: HookEvent) =>
  db
    .select()
    .from(hooks)
    .where(and(eq(hooks.tenantId, tenantId), eq(hooks.enabled, true), sql`(${event} = any(${hooks.events}) or ${hooks.event} = ${event})`));

/** Per hook, its delivery attempts (logs) of the last 24 hours and how many succeeded. */
export const executionStats = async (db: Db, tenantId: string, hookIds: readonly string[]) => {
  if (hookIds.length === 0) return new Map<string, { successCount: number; requestCount: number }>();
  const rows = await db
    .select({
      hookId: logs.hookId,
      requestCount: count(),
      successCount: sql<number>`count(*) filter (where ${logs.result} = 'Success')`.mapWith(Number),
    })
    .from(logs)
    .where(
      and(
        eq(logs.tenantId, tenantId),
        inArray(logs.hookId, [...hookIds]),
        gte(logs.createdAt, new Date(Date.now() - hookStatsWindowMs)),
        sql`${logs.key} like ${`${hookLogKeyPrefix}%`}`,
      ),
    )
    .groupBy(logs.hookId);
  return new Map(rows.map((row) => [row.hookId!, { successCount: row.successCount, requestCount: row.requestCount }]));
};
