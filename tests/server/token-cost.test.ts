import { createServer, type Server } from 'node:http';
import { and, asc, eq, sql, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database, type Db } from '#server/db/client.ts';
import { logs } from '#server/db/idp/logs.ts';
import * as schema from '#server/db/schema.ts';
import { generateId } from '#server/ids.ts';
import { recordLog } from '#server/tenant/logs/record.ts';
import { saveCustomizerRow } from '#server/tenant/jwt-customizer/store.ts';
import { createTenantKeys } from '#server/tenant-runtime/keys.ts';
import { createTenantRuntimes, type TenantRuntimes } from '#server/tenant-runtime/provider.ts';
import { freePort } from '../support/server.ts';
import { templateDump } from '../support/pglite-template.ts';
import { freshPostgresSchema } from './support.ts';
import { clientCredentials, tenantData, verifyWithJwks } from './tenant-runtime-support.ts';

/**
 * What a client-credentials token costs the database (issue 21's server budget): the statements one token request
 * runs, and the audit logs of requests that arrive together written in one statement. The tenant issuers here run on
 * a database that logs each statement.
 */
let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;
let runtimes: TenantRuntimes;
let http: Server;
let issuerUrl: (tenantId: string) => string;
const statements: string[] = [];

/** A drizzle database on the same connection that records the SQL of each statement it runs. */
const loggingDb = (): Db => {
  const logger: Logger = { logQuery: (query) => void statements.push(query) };
  const client = (database.db as unknown as { $client: never }).$client;
  return (database.kind === 'pglite' ? drizzlePglite({ client, schema, logger }) : drizzlePostgres({ client, schema, logger })) as unknown as Db;
};

const newTenant = async () => {
  const tenantId = generateId(12);
  await database.db.execute(sql`insert into tenants (id, name, tag, region_name, plan_id) values (${tenantId}, ${tenantId}, 'development', 'EU', 'development')`);
  await createTenantKeys(database.db, tenantId);
  return tenantId;
};

/**
 * A new tenant's machine-to-machine app whose role grants the first of the API's permissions; `before` runs on the
 * tenant before any token. Answers the app's token request for the API with all the permissions, its first one made.
 */
const machineApp = async (resource: string, permissions: string[], before: (tenantId: string) => Promise<unknown> = async () => undefined) => {
  const tenantId = await newTenant();
  const data = tenantData(database.db, tenantId);
  const { scopeIds } = await data.resource(resource, permissions);
  const clientId = await data.application('MachineToMachine');
  const secret = await data.secret(clientId);
  await data.assignToApplication(clientId, await data.role('MachineToMachine', [scopeIds[permissions[0]!]!]));
  await before(tenantId);
  const token = () => clientCredentials(issuerUrl(tenantId), { clientId, secret, resource, scope: permissions.join(' ') });
  expect((await token()).status).toBe(200); // builds the tenant's issuer
  // The tokens signed per key are written a second after a token, apart from any request: written now, that write
  // cannot land among the statements of the token measured next.
  await runtimes.flushKeyUsage();
  return { tenantId, clientId, token };
};

beforeAll(async () => {
  const fresh = await freshPostgresSchema();
  dropDatabase = fresh?.drop;
  database = await openDatabase({ databaseUrl: fresh?.url, pgliteDir: 'memory://', pgliteTemplate: fresh ? undefined : await templateDump() });
  const port = await freePort();
  const config = loadConfig({ PORT: String(port), EDITION: 'cloud', PGLITE_DIR: 'memory://' });
  runtimes = await createTenantRuntimes(config, { ...database, db: loggingDb() });
  http = createServer((req, res) => {
    if (!runtimes.dispatch(req, res, (_, rest) => rest.writeHead(404).end())) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(port, resolve));
  issuerUrl = (tenantId) => `http://localhost:${port}/t/${tenantId}/oidc`;
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await runtimes?.close();
  await database?.close();
  await dropDatabase?.();
});

describe('a client-credentials token', () => {
  const tablesOf = (statement: string) => [...new Set([...statement.matchAll(/"idp"\."(\w+)"/g)].map((match) => match[1]))].sort();
  /** The statements of a request: the count of tokens a key signed is written a second after, whenever its timer fires. */
  const requestStatements = () => statements.filter((statement) => !statement.startsWith('update "idp"."keys" set "tokens_signed"')).map(tablesOf);
  const tokenStatements = [['application_secrets', 'applications', 'applications_roles', 'resources', 'roles', 'roles_scopes', 'scopes'], ['logs']];

  test('reads the app with its live secrets, the resource and the permissions its roles grant in one statement, and writes its log', async () => {
    const { token } = await machineApp('https://api.cost.test', ['read:cost', 'write:cost']);
    statements.length = 0;
    const { status, body } = await token();
    expect(status).toBe(200);
    expect(body.scope).toBe('read:cost');
    expect(requestStatements()).toEqual(tokenStatements);
  });

  test('with a custom JWT script, no more: the script is read once per issuer, and its context has the app read with the client', async () => {
    const script = 'const getCustomJwtClaims = async ({ context }) => ({ app: context.application.id, type: context.application.type });';
    const withScript = (tenantId: string) =>
      saveCustomizerRow(database.db, tenantId, 'client-credentials', { script, sealedEnvironment: null, tokenSample: null, contextSample: null, blockIssuanceOnError: true });
    const { tenantId, clientId, token } = await machineApp('https://api.scripted.test', ['read:scripted'], withScript);
    statements.length = 0;
    const { status, body } = await token();
    expect(status).toBe(200);
    expect(requestStatements()).toEqual(tokenStatements);
    const verified = await verifyWithJwks(issuerUrl(tenantId), String(body.access_token), 'https://api.scripted.test');
    expect(verified).toMatchObject({ client_id: clientId, app: clientId, type: 'MachineToMachine' });
  });
});

describe('the signature of a token', () => {
  test('is made on the event loop with the tenant key, not handed to WebCrypto, and verifies with the public JWKS', async () => {
    const { tenantId, clientId, token } = await machineApp('https://api.signed.test', ['read:signed']);

    const webCryptoSign = vi.spyOn(crypto.subtle, 'sign');
    try {
      const { status, body } = await token();
      expect(status).toBe(200);
      expect(webCryptoSign).not.toHaveBeenCalled();
      const jwks = (await (await fetch(`${issuerUrl(tenantId)}/jwks`)).json()) as { keys: Record<string, unknown>[] };
      for (const key of jwks.keys) expect(Object.keys(key).filter((member) => ['d', 'p', 'q', 'dp', 'dq', 'qi'].includes(member))).toEqual([]);
      const verified = await verifyWithJwks(issuerUrl(tenantId), String(body.access_token), 'https://api.signed.test');
      expect(verified).toMatchObject({ client_id: clientId, scope: 'read:signed' });
      expect(decodeProtectedHeader(String(body.access_token))).toMatchObject({ alg: 'ES256', kid: jwks.keys.find((key) => key.alg === 'ES256')!.kid });
    } finally {
      webCryptoSign.mockRestore();
    }
  });
});

describe("the identity service's logs", () => {
  const logsOf = (tenantId: string) =>
    database.db.select({ key: logs.key, payload: logs.payload }).from(logs).where(and(eq(logs.tenantId, tenantId))).orderBy(asc(logs.createdAt));

  test('recorded together are written in one statement after the one under way, each caller waiting for its own, in order', async () => {
    const tenantId = await newTenant();
    const db = loggingDb();
    statements.length = 0;
    const written = Array.from({ length: 10 }, (_, index) => recordLog(db, tenantId, { key: 'ExchangeTokenBy.ClientCredentials', params: { index } }));
    await Promise.all(written);
    expect(statements.filter((statement) => statement.startsWith('insert into "idp"."logs"'))).toHaveLength(2);
    expect((await logsOf(tenantId)).map(({ payload }) => (payload as { params: { index: number } }).params.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test('one the database refuses loses no other log written with it', async () => {
    const tenantId = await newTenant();
    const failed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const entries = ['first', 'second', 'refused', 'fourth'].map((name) => ({ key: 'ExchangeTokenBy.ClientCredentials', params: { name: name === 'refused' ? 'nul\u0000' : name } }));
      await Promise.all(entries.map((entry) => recordLog(database.db, tenantId, entry)));
      expect((await logsOf(tenantId)).map(({ payload }) => (payload as { params: { name: string } }).params.name)).toEqual(['first', 'second', 'fourth']);
      expect(failed).toHaveBeenCalledTimes(1);
    } finally {
      failed.mockRestore();
    }
  });
});
