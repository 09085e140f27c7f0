import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Database, type Db } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema.ts';
import * as resourceStore from '../../server/management/resources/store.ts';
import * as runtimeStore from '../../server/tenant-runtime/store.ts';
import * as signInUserStore from '../../server/sign-in/users.ts';
import { templateDump } from '../support/pglite-template.ts';
import { freshPostgresSchema } from './support.ts';

/**
 * Every query of a store names its tenant: each idp table it touches has `tenant_id = <the tenant>`, and each row it
 * inserts carries it. The stores' functions run on a database that logs their SQL; a new store function must be
 * added to `calls`, so none escapes the check.
 */
const tenantId = 'tenant_checked';
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

type Calls<Store> = { [Name in keyof Store]: (db: Db) => Promise<unknown> };

const page = { limit: 5, offset: 0, q: 'a' };
const resourceCalls: Calls<typeof resourceStore> = {
  managementApiResourceId: async () => undefined,
  managementApiScopeId: async () => undefined,
  listResources: (db) => resourceStore.listResources(db, tenantId, page),
  findResource: (db) => resourceStore.findResource(db, tenantId, 'r1'),
  scopesOfResources: (db) => resourceStore.scopesOfResources(db, tenantId, ['r1']),
  insertResource: (db) => resourceStore.insertResource(db, tenantId, { name: 'A', indicator: 'https://a.example.test' }),
  updateResource: (db) => resourceStore.updateResource(db, tenantId, 'r1', { name: 'B' }),
  setDefaultResource: (db) => resourceStore.setDefaultResource(db, tenantId, 'r1', true),
  deleteResource: (db) => resourceStore.deleteResource(db, tenantId, 'r1'),
  countResources: (db) => resourceStore.countResources(db, tenantId),
  countScopesPerResource: (db) => resourceStore.countScopesPerResource(db, tenantId, 'r1'),
  listScopes: (db) => resourceStore.listScopes(db, tenantId, 'r1', page),
  findScope: (db) => resourceStore.findScope(db, tenantId, 'r1', 's1'),
  insertScope: (db) => resourceStore.insertScope(db, tenantId, resourceStore.managementApiResourceId, { name: 'x' }),
  updateScope: (db) => resourceStore.updateScope(db, tenantId, 'r1', 's1', { description: 'd' }),
  deleteScope: (db) => resourceStore.deleteScope(db, tenantId, 'r1', 's1'),
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

test.each(Object.keys(resourceCalls))('the API resource store binds %s to the tenant', async (name) => {
  logged.length = 0;
  await resourceCalls[name as keyof typeof resourceStore](loggingDb());
  for (const entry of logged) expect({ query: entry.query, unbound: unboundTables(entry) }).toEqual({ query: entry.query, unbound: [] });
});

/**
 * A search can use its trigram index: the store's search, with the tenant condition left out and sequential scans off,
 * is answered from the index. (With the tenant condition, the planner picks the tenant's btree index or a sequential
 * scan until a tenant has tens of thousands of rows, which is right.)
 */
test('the search expression of the store is the one its trigram index serves', async () => {
  logged.length = 0;
  await resourceStore.listResources(loggingDb(), tenantId, { limit: 20, offset: 0, q: 'Orders service' });
  const search = logged.find((entry) => entry.query.includes(' like '))!;
  const withoutTenant = search.query
    .replace(/"idp"\."resources"\."tenant_id" = \$\d+/, 'true')
    .replace(/\$(\d+)/g, (_, n: string) => `'${String(search.params[Number(n) - 1])}'`);
  const plan = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx.execute(sql.raw(`explain ${withoutTenant}`));
  });
  expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain('Bitmap Index Scan on resources_search');
});

test('every function of the store is in the table above', () => {
  expect(Object.keys(resourceCalls).sort()).toEqual(Object.keys(resourceStore).sort());
});

/** The tenant issuer's reads (and its key and usage writes). */
const runtimeCalls: Calls<typeof runtimeStore> = {
  findRuntimeTenant: (db) => runtimeStore.findRuntimeTenant(db, tenantId),
  listKeys: (db) => runtimeStore.listKeys(db, tenantId),
  insertKeys: (db) => runtimeStore.insertKeys(db, tenantId, [{ id: 'k1', kind: 'cookie', privateKey: { k: 'x' }, status: 'current' }]),
  retireSigningKeys: (db) => runtimeStore.retireSigningKeys(db, tenantId),
  bumpRuntimeVersion: (db) => runtimeStore.bumpRuntimeVersion(db, tenantId, 'gatehouse_test'),
  findApplication: (db) => runtimeStore.findApplication(db, tenantId, 'a1'),
  isLiveApplicationSecret: (db) => runtimeStore.isLiveApplicationSecret(db, tenantId, 'a1', 'secret'),
  findResourceByIndicator: (db) => runtimeStore.findResourceByIndicator(db, tenantId, 'https://a.example.test'),
  findDefaultResource: (db) => runtimeStore.findDefaultResource(db, tenantId),
  applicationScopes: (db) => runtimeStore.applicationScopes(db, tenantId, 'a1', 'r1'),
  userScopes: (db) => runtimeStore.userScopes(db, tenantId, 'u1', 'r1'),
  findUser: (db) => runtimeStore.findUser(db, tenantId, 'u1'),
  userRoleNames: (db) => runtimeStore.userRoleNames(db, tenantId, 'u1'),
  addUsage: (db) => runtimeStore.addUsage(db, tenantId, 1, ['u1']),
};

test.each(Object.keys(runtimeCalls))('the tenant issuer binds %s to the tenant', async (name) => {
  logged.length = 0;
  await runtimeCalls[name as keyof typeof runtimeCalls](loggingDb());
  for (const entry of logged) expect({ query: entry.query, unbound: unboundTables(entry) }).toEqual({ query: entry.query, unbound: [] });
});

test('every function of the tenant issuer store is in the table above', () => {
  expect(Object.keys(runtimeCalls).sort()).toEqual(Object.keys(runtimeStore).filter((name) => typeof runtimeStore[name as keyof typeof runtimeStore] === 'function').sort());
});

/** The sign-in pages' reads and writes of the tenant's users. */
const signInUserCalls: Calls<typeof signInUserStore> = {
  normalizeEmail: async () => undefined,
  passwordEncryptionMethod: async () => undefined,
  findUserByIdentifier: (db) => signInUserStore.findUserByIdentifier(db, tenantId, 'Someone@Example.com'),
  insertUser: (db) =>
    signInUserStore.insertUser(db, tenantId, { username: 'signed_up', primaryEmail: null, passwordEncrypted: 'x', applicationId: null }),
  recordSignIn: (db) => signInUserStore.recordSignIn(db, tenantId, 'u1'),
};

test.each(Object.keys(signInUserCalls))('the sign-in user store binds %s to the tenant', async (name) => {
  logged.length = 0;
  await signInUserCalls[name as keyof typeof signInUserCalls](loggingDb());
  for (const entry of logged) expect({ query: entry.query, unbound: unboundTables(entry) }).toEqual({ query: entry.query, unbound: [] });
});

test('every function of the sign-in user store is in the table above', () => {
  expect(Object.keys(signInUserCalls).sort()).toEqual(Object.keys(signInUserStore).sort());
});
