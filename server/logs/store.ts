import type { Db } from '../db/client.ts';
import { logs } from '../db/idp.ts';
import { generateId } from '../ids.ts';
import type { LogPayload, LogResult } from '../../schemas/log.ts';

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
  await db.insert(logs).values(row);
};

/** A log of the identity service: writing it never fails the request it describes (audit-logs.md §7). */
export const recordLog = async (db: Db, tenantId: string, entry: LogEntry) => {
  try {
    await insertLog(db, tenantId, entry);
  } catch (error) {
    console.error(`tenant ${tenantId}: the log ${entry.key} could not be written`, error);
  }
};
