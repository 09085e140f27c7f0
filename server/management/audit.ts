import type { Context } from 'hono';
import { redacted, type LogActor, type ManagementLogKey } from '#schemas/log.ts';
import type { Db } from '../db/client.ts';
import { insertLog } from '../tenant/logs/record.ts';
import { enqueueHookEvent } from '../tenant/hooks/outbox.ts';
import { dataEventPayload, hookEventOfChange, type ChangeRequest } from '../tenant/hooks/payloads.ts';
import { clientAddress, incomingOf } from '../net/client-address.ts';
import type { ManagementEnv } from './kit.ts';

/** `{ field: { from, to } }` for the fields a write changed. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** A management write, as its audit log records it (audit-logs.md §5, administrator actions). */
export type ManagementChange = {
  key: ManagementLogKey;
  /** The id of what changed. */
  targetId: string;
  /** The user the change is about (user actions), so the log shows on that user's logs tab. */
  userId?: string;
  /** The application the change is about. */
  applicationId?: string;
  changes?: Changes;
  /** The `data` of the webhook event the change fires (payloads.ts), when not the entity read after it; not logged. */
  hookData?: unknown;
  /** The route's answer status, for the webhook event, when not 201 for POST, 204 for DELETE, 200 otherwise. */
  hookStatus?: number;
  [field: string]: unknown;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `after` whose value differs from `before`'s; the values of `secret` fields are never recorded, only
 * that they changed.
 */
export const changesOf = <T extends Record<string, unknown>>(before: Partial<T>, after: Partial<T>, secret: readonly (keyof T)[] = []): Changes =>
  Object.fromEntries(
    Object.keys(after)
      .filter((field) => after[field] !== undefined && !same(before[field] ?? null, after[field] ?? null))
      .map((field) => [field, secret.includes(field) ? { from: redacted, to: redacted } : { from: before[field] ?? null, to: after[field] ?? null }]),
  );

const describedFields = ({ id: _id, createdAt: _createdAt, ...fields }: Record<string, unknown>) => fields;

/** What a created entity holds, as changes from nothing (its id and creation time aside). */
export const creationOf = (entity: Record<string, unknown>): Changes => changesOf({}, describedFields(entity));

/** What a deleted entity held, as changes to nothing (its id and creation time aside). */
export const deletionOf = (entity: Record<string, unknown>): Changes => {
  const fields = describedFields(entity);
  return changesOf(fields, Object.fromEntries(Object.keys(fields).map((field) => [field, null])));
};

/** A change of an application is about it: the app's logs tab lists it. */
export const aboutApplication = (applicationId: string) => ({ targetId: applicationId, applicationId });

/** Who made the request: the console user, or the machine-to-machine app whose token it carries. */
const actorOf = (c: Context<ManagementEnv>): LogActor => {
  const { userId, applicationId } = c.var.auth;
  return applicationId ? { type: 'Application', id: applicationId } : { type: 'ConsoleUser', id: userId };
};

/** Writes the change's log in the write's transaction: if the log cannot be written, neither is the change. */
export const logChange = (tx: Db, c: Context<ManagementEnv>, trustProxy: boolean, { key, hookData: _data, hookStatus: _status, ...change }: ManagementChange) =>
  insertLog(tx, c.var.tenant.id, {
    key,
    ...change,
    actor: actorOf(c),
    ip: clientAddress(incomingOf(c.env), c.req.raw.headers, trustProxy),
    userAgent: c.req.header('user-agent'),
  });

/**
 * The webhook event the change fires, if any, written to the outbox in the write's transaction (webhooks.md §5): the
 * request as the route saw it and the entity after the change.
 */
export const fireChangeHook = async (tx: Db, c: Context<ManagementEnv>, trustProxy: boolean, change: ManagementChange) => {
  const event = hookEventOfChange[change.key];
  if (!event) return;
  const request: ChangeRequest = {
    userAgent: c.req.header('user-agent'),
    ip: clientAddress(incomingOf(c.env), c.req.raw.headers, trustProxy),
    path: c.req.path,
    method: c.req.method,
    status: change.hookStatus ?? ({ DELETE: 204, POST: 201 } as Record<string, number>)[c.req.method] ?? 200,
    params: c.req.param() as Record<string, string>,
    matchedRoute: c.req.routePath,
    applicationId: c.var.auth.applicationId,
  };
  const payload = await dataEventPayload(tx, c.var.tenant.id, event, request, { id: change.targetId, data: change.hookData });
  await enqueueHookEvent(tx, c.var.tenant.id, event, payload);
};
