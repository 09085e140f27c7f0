import { and, count, desc, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LogItem, LogPayload } from '#schemas/log.ts';
import type { Db } from '#server/db/client.ts';
import { keep, preparedOnce } from '#server/db/prepared.ts';
import { applications, users } from '#server/db/idp.ts';
import { logs } from '#server/db/idp/logs.ts';
import { users as consoleAccounts } from '#server/db/schema.ts';
import { isAuditKey } from './audit-keys.ts';
import type { Page } from '#server/tenant/list.ts';

/** What GET /logs filters on; `since` is the oldest moment the tenant's retention keeps (none: all). */
export type LogFilters = {
  userId?: string;
  applicationId?: string;
  logKey?: string;
  sessionId?: string;
  startTime?: Date;
  /** The end of the window, not included. */
  endBefore?: Date;
  since?: Date;
};

/** A value, or the placeholder of a kept statement. */
type Bound<T> = T | Placeholder;

/** The tenant's audit logs (never webhook deliveries) within its retention and the filters. */
const listed = (tenantId: Bound<string>, { userId, applicationId, logKey, sessionId, startTime, endBefore, since }: { [K in keyof LogFilters]?: Bound<NonNullable<LogFilters[K]>> }): SQL | undefined =>
  and(
    eq(logs.tenantId, tenantId),
    isAuditKey(logs.key),
    userId === undefined ? undefined : eq(logs.userId, userId),
    applicationId === undefined ? undefined : eq(logs.applicationId, applicationId),
    logKey === undefined ? undefined : eq(logs.key, logKey),
    sessionId === undefined ? undefined : eq(logs.sessionId, sessionId),
    since && gte(logs.createdAt, since),
    startTime && gte(logs.createdAt, startTime),
    endBefore && lt(logs.createdAt, endBefore),
  );

// Console accounts share the users table's name; the actor's app is a second applications row.
const consoleUsers = alias(consoleAccounts, 'console_users');
const actorApplications = alias(applications, 'actor_applications');

/**
 * The page of logs matching `where`, newest first, each with the user and application it names and the display name of
 * a management change's actor, in one statement: the joins read the page's rows only.
 */
const pageWithReferences = (db: Db, tenantId: Bound<string>, where: SQL | undefined, { limit, offset }: { limit: Bound<number>; offset: Bound<number> }) => {
  const rows = db.select().from(logs).where(where).orderBy(desc(logs.createdAt), desc(logs.id)).limit(limit).offset(offset).as('page');
  const actor = (field: 'type' | 'id') => sql`${rows.payload} -> 'actor' ->> ${sql.raw(`'${field}'`)}`;
  return db
    .select({
      id: rows.id,
      key: rows.key,
      userId: rows.userId,
      applicationId: rows.applicationId,
      payload: rows.payload,
      createdAt: rows.createdAt,
      user: { id: users.id, name: users.name, username: users.username, primaryEmail: users.primaryEmail, primaryPhone: users.primaryPhone },
      application: { id: applications.id, name: applications.name, type: applications.type },
      actorDisplay: sql<string | null>`coalesce(${consoleUsers.name}, ${consoleUsers.primaryEmail}, ${consoleUsers.username}, ${actorApplications.name})`,
    })
    .from(rows)
    .leftJoin(users, and(eq(users.tenantId, tenantId), eq(users.id, rows.userId)))
    .leftJoin(applications, and(eq(applications.tenantId, tenantId), eq(applications.id, rows.applicationId)))
    .leftJoin(consoleUsers, and(sql`${actor('type')} = 'ConsoleUser'`, eq(consoleUsers.id, actor('id'))))
    .leftJoin(actorApplications, and(eq(actorApplications.tenantId, tenantId), sql`${actor('type')} = 'Application'`, eq(actorApplications.id, actor('id'))))
    .orderBy(desc(rows.createdAt), desc(rows.id));
};

type Row = Awaited<ReturnType<typeof pageWithReferences>>[number];

/** A log as the API answers it: `user` and `application` null when the log names one that no longer exists. */
const toItem = (row: Row): LogItem => {
  // Written by insertLog (record.ts), with its key and result.
  const payload = row.payload as LogPayload;
  return {
    id: row.id,
    key: row.key,
    payload: payload.actor && row.actorDisplay ? { ...payload, actor: { ...payload.actor, display: row.actorDisplay } } : payload,
    createdAt: row.createdAt.toISOString(),
    ...(row.userId === null ? {} : { user: row.user?.id ? row.user : null }),
    ...(row.applicationId === null ? {} : { application: row.application?.id ? row.application : null }),
  };
};

/** Each filter, and its letter in the names of the statements that use it (PostgreSQL cuts a name at 63 characters). */
const filterLetters = { userId: 'u', applicationId: 'a', logKey: 'k', sessionId: 's', startTime: 'f', endBefore: 't', since: 'r' } as const;
const filterNames = Object.keys(filterLetters) as (keyof typeof filterLetters)[];

/** The page and the count of one combination of filters (the ones given), with placeholders. */
const buildStatements = (db: Db, given: readonly (keyof LogFilters)[], capped: boolean, shape: string) => {
  const tenantId = sql.placeholder('tenantId');
  const where = listed(tenantId, Object.fromEntries(given.map((name) => [name, sql.placeholder(name)])));
  const matching = db.select({ one: sql`1` }).from(logs).where(where).$dynamic();
  return {
    page: keep(db, pageWithReferences(db, tenantId, where, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }).prepare(`management_logs_page_${shape}`)),
    count: keep(db, db.select({ value: count() }).from((capped ? matching.limit(sql.placeholder('cap')) : matching).as('counted')).prepare(`management_logs_count_${shape}`)),
  };
};

const keptStatements = preparedOnce(() => new Map<string, ReturnType<typeof buildStatements>>());

/** Each combination's statements are built once and kept by the database (see preparedOnce): at most 256 of them. */
const statementsOf = (db: Db, given: readonly (keyof LogFilters)[], capped: boolean) => {
  const shape = `${given.map((name) => filterLetters[name]).join('') || 'all'}${capped ? '_capped' : ''}`;
  const kept = keptStatements(db);
  let statements = kept.get(shape);
  if (!statements) kept.set(shape, (statements = buildStatements(db, given, capped, shape)));
  return statements;
};

/**
 * A page of the tenant's audit logs, newest first, and how many match. With `cap`, counting stops after `cap` rows
 * (`capped`: there are more), so a tenant with millions of logs is not counted on every page.
 */
export const listLogs = async (db: Db, tenantId: string, page: Page, filters: LogFilters, cap?: number) => {
  const given = filterNames.filter((name) => filters[name] !== undefined);
  const values = Object.fromEntries(given.map((name) => [name, filters[name] instanceof Date ? filters[name].toISOString() : filters[name]]));
  const statements = statementsOf(db, given, cap !== undefined);
  const [rows, [total]] = await Promise.all([
    statements.page.execute({ tenantId, ...values, limit: page.limit, offset: page.offset }),
    statements.count.execute({ tenantId, ...values, cap: cap === undefined ? undefined : cap + 1 }),
  ]);
  const value = total?.value ?? 0;
  return { items: rows.map(toItem), total: cap === undefined ? value : Math.min(value, cap), capped: cap !== undefined && value > cap };
};

/** One audit log of the tenant within its retention (`since`). */
export const findLog = async (db: Db, tenantId: string, id: string, since?: Date) => {
  const [row] = await pageWithReferences(db, tenantId, and(listed(tenantId, { since }), eq(logs.id, id)), { limit: 1, offset: 0 });
  return row && toItem(row);
};
