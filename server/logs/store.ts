import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { logs } from '../db/idp.ts';
import { generateId } from '../ids.ts';
import { interactionEvents, type InteractionEvent, type LogPayload, type LogResult } from '../../schemas/log.ts';

/** What a log records (audit-logs.md §4); `key` and `result` are also in the payload, as the API answers it. */
export type LogEntry = {
  key: string;
  result?: LogResult;
  error?: LogPayload['error'];
  userId?: string;
  applicationId?: string;
  sessionId?: string;
  ip?: string;
  userAgent?: string;
  params?: Record<string, unknown>;
  [field: string]: unknown;
};

let lastLogMicros = 0n;

/**
 * A log's time in microseconds, later than the last log this process wrote: the steps of one sign-in keep their order
 * in the list (newest first), where the database's clock would tie them (PGlite's moves by whole milliseconds).
 */
const logTime = () => {
  const now = BigInt(Date.now()) * 1000n;
  lastLogMicros = now > lastLogMicros ? now : lastLogMicros + 1n;
  const micros = lastLogMicros;
  return sql`${`${new Date(Number(micros / 1000n)).toISOString().slice(0, -1)}${String(micros % 1000n).padStart(3, '0')}Z`}::timestamptz`;
};

/** Writes one log of the tenant. With a transaction's `db`, it is part of that transaction (management writes). */
export const insertLog = async (db: Db, tenantId: string, { key, result = 'Success', ...rest }: LogEntry) => {
  const payload = { key, result, ...rest };
  const row: typeof logs.$inferInsert = {
    tenantId,
    id: generateId(21),
    key,
    result,
    userId: rest.userId ?? null,
    applicationId: rest.applicationId ?? null,
    sessionId: rest.sessionId ?? null,
    payload,
  };
  await db.insert(logs).values({ ...row, createdAt: logTime() });
};

/** A log of the identity service: writing it never fails the request it describes (audit-logs.md §7). */
export const recordLog = async (db: Db, tenantId: string, entry: LogEntry) => {
  try {
    await insertLog(db, tenantId, entry);
  } catch (error) {
    console.error(`tenant ${tenantId}: the log ${entry.key} could not be written`, error);
  }
};

const eventKeys = interactionEvents.flatMap((event) => [
  `Interaction.${event}.Create`,
  `Interaction.${event}.Update`,
]);

/** The event an interaction was last set to, as its logs say (`Interaction.{Event}.Create` or `.Update`). */
export const lastInteractionEvent = async (db: Db, tenantId: string, sessionId: string): Promise<InteractionEvent | undefined> => {
  const [row] = await db
    .select({ key: logs.key })
    .from(logs)
    .where(and(eq(logs.tenantId, tenantId), eq(logs.sessionId, sessionId), inArray(logs.key, eventKeys)))
    .orderBy(desc(logs.createdAt), desc(logs.id))
    .limit(1);
  return row?.key.split('.')[1] as InteractionEvent | undefined;
};

/** Deletes at most `batchSize` of the tenant's logs older than `before`, the oldest first; answers how many. */
export const deleteLogsBefore = async (db: Db, tenantId: string, before: Date, batchSize: number) => {
  const oldest = db
    .select({ id: logs.id })
    .from(logs)
    .where(and(eq(logs.tenantId, tenantId), lt(logs.createdAt, before)))
    .orderBy(logs.createdAt)
    .limit(batchSize);
  const deleted = await db
    .delete(logs)
    .where(and(eq(logs.tenantId, tenantId), inArray(logs.id, oldest)))
    .returning({ id: logs.id });
  return deleted.length;
};
