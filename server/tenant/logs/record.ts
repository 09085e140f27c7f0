import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { logs } from '#server/db/idp/logs.ts';
import { generateId } from '#server/ids.ts';
import { interactionEvents, type InteractionEvent, type LogPayload, type LogResult } from '#schemas/log.ts';

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

/** A log's row, its time taken now. */
const logRow = (tenantId: string, { key, result = 'Success', ...rest }: LogEntry) => ({
  tenantId,
  id: generateId(21),
  key,
  result,
  userId: rest.userId ?? null,
  applicationId: rest.applicationId ?? null,
  sessionId: rest.sessionId ?? null,
  hookId: typeof rest.hookId === 'string' ? rest.hookId : null,
  payload: { key, result, ...rest },
  createdAt: logTime(),
});

/** Writes one log of the tenant. With a transaction's `db`, it is part of that transaction (management writes). */
export const insertLog = async (db: Db, tenantId: string, entry: LogEntry) => {
  await db.insert(logs).values(logRow(tenantId, entry));
};

type LogRow = ReturnType<typeof logRow>;
/** At most this many logs in one statement (10 parameters each, far below PostgreSQL's 65,535). */
const maxLogsPerWrite = 500;
const logWriters = new WeakMap<Db, (row: LogRow) => Promise<void>>();

/**
 * Group commit of the identity service's logs: a log recorded while a write of logs is under way waits for it, and
 * the logs that gathered meanwhile go in the next statement together. Under load, each token request then costs a
 * share of one insert and commit instead of one of its own; a lone log is written at once. Each caller still waits
 * for its own log to be written. A batch the database refuses is written again row by row, so that one bad log does
 * not lose the others.
 */
const logWriterOf = (db: Db) => {
  let writer = logWriters.get(db);
  if (writer) return writer;
  let queued: { row: LogRow; settle: (error?: unknown) => void }[] = [];
  let writing = false;
  const writeQueued = async () => {
    writing = true;
    while (queued.length) {
      const batch = queued.splice(0, maxLogsPerWrite);
      const batchError = await db.insert(logs).values(batch.map(({ row }) => row)).then(() => undefined, (error: unknown) => error ?? new Error('log write failed'));
      for (const { row, settle } of batch) {
        if (!batchError || batch.length === 1) settle(batchError);
        else await db.insert(logs).values(row).then(() => settle(), settle);
      }
    }
    writing = false;
  };
  writer = (row) =>
    new Promise<void>((resolve, reject) => {
      queued.push({ row, settle: (error) => (error ? reject(error) : resolve()) });
      if (!writing) void writeQueued();
    });
  logWriters.set(db, writer);
  return writer;
};

/** A log of the identity service: writing it never fails the request it describes (audit-logs.md §7). */
export const recordLog = async (db: Db, tenantId: string, entry: LogEntry) => {
  try {
    await logWriterOf(db)(logRow(tenantId, entry));
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
