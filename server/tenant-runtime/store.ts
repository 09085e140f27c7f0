import { and, eq, getTableColumns, gt, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { keep, preparedOnce } from '../db/prepared.ts';
import { applicationSecrets, applications, applicationsRoles, keys, resources, roles, rolesScopes, scopes, users, usersRoles } from '../db/idp.ts';
import { tenants } from '../db/schema.ts';

/** What the tenant issuer reads of the tenant's data; each query names the tenant (tests/server/idp-tenancy.test.ts). */

export type KeyRow = typeof keys.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type ResourceRow = typeof resources.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** What a cached issuer depends on: rebuilt when `runtimeVersion` changes. */
export const findRuntimeTenant = async (db: Db, tenantId: string) => {
  const [row] = await db
    .select({ id: tenants.id, runtimeVersion: tenants.runtimeVersion, isSuspended: tenants.isSuspended })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return row;
};

/** The tenant's keys in use (current, next and previous), oldest first. */
export const listKeys = (db: Db, tenantId: string) => db.select().from(keys).where(eq(keys.tenantId, tenantId)).orderBy(keys.createdAt, keys.id);

export const insertKeys = async (db: Db, tenantId: string, rows: Omit<typeof keys.$inferInsert, 'tenantId'>[]) => {
  await db.insert(keys).values(rows.map((row) => ({ ...row, tenantId })));
};

/** Makes the tenant's current signing key a previous one and drops the keys before it. */
export const retireSigningKeys = async (db: Db, tenantId: string) => {
  const ofSigning = and(eq(keys.tenantId, tenantId), eq(keys.kind, 'signing'));
  await db.delete(keys).where(and(ofSigning, eq(keys.status, 'previous')));
  await db.update(keys).set({ status: 'previous' }).where(and(ofSigning, eq(keys.status, 'current')));
};

/** Bumps the version cached issuers compare, and tells every process (tenant-runtime/pool.ts) within the transaction. */
export const bumpRuntimeVersion = async (db: Db, tenantId: string, channel: string) => {
  await db
    .update(tenants)
    .set({ runtimeVersion: sql`${tenants.runtimeVersion} + 1` })
    .where(eq(tenants.id, tenantId));
  await db.execute(sql`select pg_notify(${channel}, ${tenantId})`);
};

export const findApplication = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, id)))
    .limit(1);
  return row;
};

export const findDefaultResource = async (db: Db, tenantId: string) => {
  const [row] = await db
    .select({ indicator: resources.indicator })
    .from(resources)
    .where(and(eq(resources.tenantId, tenantId), eq(resources.isDefault, true)))
    .limit(1);
  return row?.indicator;
};

const tenantParam = sql.placeholder('tenantId');

/** The names of the resource's permissions that the given roles (of one type) hold, as a JSON array. */
const grantedScopes = (db: Db, roleIds: SQL, type: 'User' | 'MachineToMachine') =>
  sql<string[]>`array_to_json(array(${db
    .selectDistinct({ name: scopes.name })
    .from(scopes)
    .innerJoin(rolesScopes, and(eq(rolesScopes.tenantId, tenantParam), eq(rolesScopes.scopeId, scopes.id)))
    .innerJoin(roles, and(eq(roles.tenantId, tenantParam), eq(roles.id, rolesScopes.roleId), eq(roles.type, type)))
    .where(and(eq(scopes.tenantId, tenantParam), eq(scopes.resourceId, resources.id), inArray(roles.id, roleIds)))}))`;

/** The roles of a machine-to-machine app, by its id (a parameter, or the application row of the outer query). */
const applicationRoles = (applicationId: SQLWrapper) =>
  sql`(select ${applicationsRoles.roleId} from ${applicationsRoles} where ${applicationsRoles.tenantId} = ${tenantParam} and ${applicationsRoles.applicationId} = ${applicationId})`;

const ofIndicator = () => and(eq(resources.tenantId, tenantParam), eq(resources.indicator, sql.placeholder('indicator')));

/** What a token needs of an API resource: its lifetime and the permissions of it that the subject's roles grant. */
export type ResourceGrant = { accessTokenTtl: number; granted: string[] };

/**
 * The application a client id names, with the SHA-256 hashes (hex) of its secrets that have not expired: what a token
 * request authenticates with. With an indicator, also that API resource's grant to the app (null: no such resource),
 * so that a client-credentials token reads all it needs in one kept statement.
 */
const clientStatements = preparedOnce((db) => {
  const live = db
    .select({ valueHash: applicationSecrets.valueHash })
    .from(applicationSecrets)
    .where(
      and(
        eq(applicationSecrets.tenantId, tenantParam),
        eq(applicationSecrets.applicationId, applications.id),
        or(isNull(applicationSecrets.expiresAt), gt(applicationSecrets.expiresAt, sql`now()`)),
      ),
    );
  const resourceGrant = db
    .select({
      grant: sql`json_build_object('accessTokenTtl', ${resources.accessTokenTtl}, 'granted', ${grantedScopes(db, applicationRoles(applications.id), 'MachineToMachine')})`,
    })
    .from(resources)
    .where(ofIndicator());
  const statement = <Extra extends Record<string, SQL.Aliased<unknown>>>(extra: Extra, name: string) =>
    keep(
      db,
      db
        .select({ ...getTableColumns(applications), secretHashes: sql<string[]>`array_to_json(array(${live}))`.as('secret_hashes'), ...extra })
        .from(applications)
        .where(and(eq(applications.tenantId, tenantParam), eq(applications.id, sql.placeholder('id'))))
        .limit(1)
        .prepare(name),
    );
  return {
    alone: statement({}, 'tenant_issuer_client'),
    withResource: statement({ resource: sql<ResourceGrant | null>`(${resourceGrant})`.as('resource') }, 'tenant_issuer_client_with_resource'),
  };
});

export const findClientApplication = async (db: Db, tenantId: string, id: string) => (await clientStatements(db).alone.execute({ tenantId, id }))[0];

/** The application with its live secrets' hashes and the grant of the API resource of `indicator` to it. */
export const findClientWithResource = async (db: Db, tenantId: string, id: string, indicator: string) =>
  (await clientStatements(db).withResource.execute({ tenantId, id, indicator }))[0];

/** Whose roles grant a token's permissions: a machine-to-machine app's, a user's, or nobody's. */
export type ScopeHolder = { application: string } | { user: string } | undefined;

/** An API resource by its indicator with the permissions the holder's roles grant of it, each holder in one kept statement. */
const resourceStatements = preparedOnce((db) => {
  const holderParam = sql.placeholder('holder');
  const statement = (granted: SQL<string[]>, name: string) =>
    keep(db, db.select({ ...getTableColumns(resources), granted: granted.as('granted') }).from(resources).where(ofIndicator()).limit(1).prepare(name));
  return {
    application: statement(grantedScopes(db, applicationRoles(holderParam), 'MachineToMachine'), 'tenant_issuer_resource_of_app'),
    user: statement(
      grantedScopes(db, sql`(select ${usersRoles.roleId} from ${usersRoles} where ${usersRoles.tenantId} = ${tenantParam} and ${usersRoles.userId} = ${holderParam})`, 'User'),
      'tenant_issuer_resource_of_user',
    ),
    nobody: statement(sql<string[]>`'[]'::json`, 'tenant_issuer_resource'),
  };
});

/** The API resource of `indicator` and the permissions of it that the holder's roles grant (none without a holder). */
export const findResourceGrant = async (db: Db, tenantId: string, indicator: string, holder: ScopeHolder): Promise<ResourceGrant | undefined> => {
  const statements = resourceStatements(db);
  const [row] = !holder
    ? await statements.nobody.execute({ tenantId, indicator })
    : 'application' in holder
      ? await statements.application.execute({ tenantId, indicator, holder: holder.application })
      : await statements.user.execute({ tenantId, indicator, holder: holder.user });
  return row;
};

export const findUser = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .limit(1);
  return row;
};

export const userRoleNames = async (db: Db, tenantId: string, userId: string) => {
  const rows = await db
    .select({ name: roles.name })
    .from(roles)
    .innerJoin(usersRoles, and(eq(usersRoles.tenantId, tenantId), eq(usersRoles.roleId, roles.id)))
    .where(and(eq(roles.tenantId, tenantId), eq(usersRoles.userId, userId)))
    .orderBy(roles.name);
  return rows.map((row) => row.name);
};

/**
 * Adds issued tokens to the tenant's usage, and counts as active the given users not yet counted in the tenant's
 * current billing period (each user once per period: `active_period_start` remembers the period it was counted in).
 */
export const addUsage = async (db: Db, tenantId: string, tokens: number, userIds: string[]) => {
  const addTokens = sql`update ${tenants} set token_usage = token_usage + ${tokens}`;
  if (!userIds.length) {
    await db.execute(sql`${addTokens} where ${tenants.id} = ${tenantId}`);
    return;
  }
  await db.execute(sql`with counted as (
      update ${users} set active_period_start = ${tenants.periodStart} from ${tenants}
      where ${tenants.id} = ${tenantId} and ${users.tenantId} = ${tenantId} and ${inArray(users.id, userIds)}
        and ${users.activePeriodStart} is distinct from ${tenants.periodStart}
      returning 1)
    ${addTokens}, active_users = active_users + (select count(*) from counted) where ${tenants.id} = ${tenantId}`);
};
