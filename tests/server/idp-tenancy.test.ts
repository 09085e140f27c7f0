import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database, type Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import * as applicationStore from '#server/tenant/applications/store.ts';
import * as resourceStore from '#server/tenant/resources/store.ts';
import * as roleStore from '#server/tenant/roles/store.ts';
import * as userStore from '#server/tenant/users/store.ts';
import * as auditLogStore from '#server/tenant/logs/store.ts';
import { templateDump } from '../support/pglite-template.ts';
import { freshPostgresSchema } from './support.ts';

import { stores, tenantId } from './idp-store-calls.ts';
/**
 * Every query of a store names its tenant: each idp table it touches has `tenant_id = <the tenant>`, and each row it
 * inserts carries it. The stores' functions run on a database that logs their SQL; a new store function must be
 * added to `calls`, so none escapes the check.
 */
let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;
const logged: { query: string; params: unknown[] }[] = [];

beforeAll(async () => {
  const fresh = await freshPostgresSchema();
  dropDatabase = fresh?.drop;
  database = await openDatabase({ databaseUrl: fresh?.url, pgliteDir: 'memory://', pgliteTemplate: fresh ? undefined : await templateDump() });
  for (const id of [tenantId, 'tenant_other']) {
    await database.db.execute(sql`insert into tenants (id, name, tag, region_name, plan_id) values (${id}, ${id}, 'development', 'EU', 'development')`);
  }
  // What the writes below link to; the deletes name other ids, so the order of the checks does not matter.
  await database.db.execute(sql`insert into idp.applications (tenant_id, id, name, type) values (${tenantId}, 'app_kept', 'App', 'MachineToMachine')`);
  await database.db.execute(sql`insert into idp.roles (tenant_id, id, name, description, type) values (${tenantId}, 'role_kept', 'Role', 'A role', 'MachineToMachine')`);
  await database.db.execute(sql`insert into idp.users (tenant_id, id, username) values (${tenantId}, 'user_kept', 'user')`);
});
afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

const loggingDb = (): Db => {
  const logger: Logger = { logQuery: (query, params) => void logged.push({ query, params }) };
  const client = (database.db as unknown as { $client: never }).$client;
  return (database.kind === 'pglite' ? drizzlePglite({ client, schema, logger }) : drizzlePostgres({ client, schema, logger })) as unknown as Db;
};

/** The idp tables a query touches that it does not bind to the tenant. */
const unboundTables = ({ query, params }: { query: string; params: unknown[] }) => {
  const tables = new Set([...query.matchAll(/"idp"\."(\w+)"/g)].map((match) => match[1]!));
  if (/^insert/i.test(query)) return params.includes(tenantId) && /\("tenant_id"/.test(query) ? [] : [...tables];
  return [...tables].filter((table) => {
    const conditions = query.matchAll(new RegExp(`"${table}"\\."tenant_id" = \\$(\\d+)`, 'g'));
    return ![...conditions].some((match) => params[Number(match[1]) - 1] === tenantId);
  });
};

describe.each(stores)('the %s store', (_, calls, store) => {
  test.each(Object.keys(calls))('binds %s to the tenant', async (name) => {
    logged.length = 0;
    await calls[name]!(loggingDb());
    for (const entry of logged) expect({ query: entry.query, unbound: unboundTables(entry) }).toEqual({ query: entry.query, unbound: [] });
  });

  test('has every function in its table above', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(store).sort());
  });
});

/**
 * A search can use its trigram index: the store's search, with the tenant condition left out and sequential scans off,
 * is answered from the index. (With the tenant condition, the planner picks the tenant's btree index or a sequential
 * scan until a tenant has tens of thousands of rows, which is right.)
 */
const searches: [string, (db: Db, q: string) => Promise<unknown>][] = [
  ['resources', (db, q) => resourceStore.listResources(db, tenantId, { limit: 20, offset: 0, q })],
  ['applications', (db, q) => applicationStore.listApplications(db, tenantId, { limit: 20, offset: 0, q })],
  ['roles', (db, q) => roleStore.listRoles(db, tenantId, { limit: 20, offset: 0, q })],
  ['users', (db, q) => userStore.listUsers(db, tenantId, { limit: 20, offset: 0, q })],
];

test.each(searches)('the search expression of the %s store is the one its trigram index serves', async (table, list) => {
  logged.length = 0;
  await list(loggingDb(), 'Orders service');
  const search = logged.find((entry) => entry.query.includes(' like '))!;
  const withoutTenant = search.query
    .replace(new RegExp(`"idp"\\."${table}"\\."tenant_id" = \\$\\d+`), 'true')
    .replace(/\$(\d+)/g, (_, n: string) => `'${String(search.params[Number(n) - 1])}'`);
  const plan = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx.execute(sql.raw(`explain ${withoutTenant}`));
  });
  expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain(`Bitmap Index Scan on ${table}_search`);
});

/**
 * The audit log's page and capped count are read from its partial indexes of audit keys (migration 0011): the query
 * states their predicate in the same words, so no row's key is checked one by one. Changing either side fails this.
 */
const auditLogReads: [string, auditLogStore.LogFilters, string][] = [
  ['whole list', { since: new Date(0) }, 'logs_tenant_id_created_at_audit'],
  ['list of a user', { userId: 'u1', since: new Date(0) }, 'logs_tenant_id_user_id_created_at'],
  ['list of an application', { applicationId: 'a1' }, 'logs_tenant_id_application_id_created_at'],
  ['list of a key', { logKey: 'Interaction.Create' }, 'logs_tenant_id_key_created_at'],
];

test.each(auditLogReads)("the audit log's %s is read from its partial index", async (_, filters, index) => {
  logged.length = 0;
  await auditLogStore.listLogs(loggingDb(), tenantId, { limit: 20, offset: 0 }, filters, 10_000);
  // The page, then the count.
  expect(logged.length).toBe(2);
  for (const [n, { query, params }] of logged.entries()) {
    const literal = query.replace(/\$(\d+)/g, (_match, position: string) => `'${String(params[Number(position) - 1])}'`);
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql.raw(`explain ${literal}`));
    });
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text, text).toMatch(new RegExp(`Index (Only )?Scan( Backward)? using ${n === 0 ? index : 'logs_\\w+'} on logs`));
    expect(text, text).not.toMatch(/~~/);
  }
});

test("ending a user's sign-ins reads the issuer's rows of that account by index, not all of the issuer's rows", async () => {
  // Sessions, grants and tokens of many accounts, as the planner sees them once the issuer has been in use.
  await database.db.execute(sql`insert into oidc_models (tenant_id, model, id, payload, grant_id)
    select ${tenantId}, m.model, m.model || n, jsonb_build_object('accountId', 'a' || n), case when m.model = 'RefreshToken' then 'Grant' || n end
    from generate_series(1, 3000) as n, (values ('Session'), ('Grant'), ('RefreshToken')) as m(model)`);
  await database.db.execute(sql`analyze oidc_models`);
  logged.length = 0;
  await userStore.endUserSessions(loggingDb(), tenantId, 'a7');
  const deletes = logged.filter((entry) => /^delete/i.test(entry.query));
  expect(deletes).toHaveLength(2);
  const plans = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const explained = [];
    for (const { query, params } of deletes) {
      const inlined = query.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1])}'`);
      explained.push(JSON.stringify(((await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as { rows: unknown[] }).rows));
    }
    return explained;
  });
  expect(plans[0]).toContain('oidc_models_tenant_id_account_id');
  expect(plans[0]).toContain('oidc_models_grant_id');
  expect(plans[1]).toContain('oidc_models_tenant_id_account_id');
  expect(plans[1]).toContain('oidc_models_tenant_id_interaction_account_id');
  expect(plans.join('')).not.toContain('Seq Scan');
});

test('who holds a social identity is found by the identities index', async () => {
  logged.length = 0;
  await userStore.findIdentityHolder(loggingDb(), tenantId, 'github', '42', 'u1');
  const [{ query, params }] = logged as [{ query: string; params: unknown[] }];
  const inlined = query.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1])}'`).replace(/"idp"\."users"\."tenant_id" = '[^']*'/, 'true');
  const plan = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return JSON.stringify(((await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as { rows: unknown[] }).rows);
  });
  expect(plan).toContain('Bitmap Index Scan on users_identities');
});
