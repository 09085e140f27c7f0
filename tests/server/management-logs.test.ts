import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { defaultTenantId, organizationIdOf, resourceIndicators } from '../../schemas/constants.ts';
import { logItemGuard, type LogItem } from '../../schemas/log.ts';
import { totalNumberHeader } from '../../schemas/paging.ts';
import { planIds } from '../../schemas/quota.ts';
import { countCap, totalNumberIsCappedHeader } from '../../schemas/tenant-user.ts';
import { loadConfig } from '../../server/config.ts';
import { deleteExpiredRows, expiredRowsCleanup } from '../../server/db/cleanup.ts';
import { users } from '../../server/db/idp.ts';
import { logs } from '../../server/db/idp-logs.ts';
import { generateId } from '../../server/ids.ts';
import { managementApiScopeId } from '../../server/management/resources/store.ts';
import { isAuditKey } from '../../server/logs/audit-keys.ts';
import { insertLog } from '../../server/logs/store.ts';
import { keptDays, purgeExpiredLogs } from '../../server/logs/retention.ts';
import { loadPlan } from '../../server/billing/skus.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { insertApplications, insertUsers } from './idp-rows.ts';
import { clientCredentials, tenantData } from './tenant-runtime-support.ts';
import { authorize, decodeJwt, signUp, type AuthorizationClient } from '../support/oidc-client.ts';
import { call, expectError, newAccount, postgresUrl, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

const dayMs = 24 * 60 * 60 * 1000;
const logListGuard = z.array(logItemGuard);

/** A log row written straight to the database, `ago` ms before now (the runtime and the management API write the real ones). */
type SeededLog = { key: string; userId?: string; applicationId?: string; ago?: number; payload?: Record<string, unknown> };

const seedLogs = async (server: TestServer, tenantId: string, rows: SeededLog[]) => {
  const now = Date.now();
  const values = rows.map(({ key, userId, applicationId, ago = 0, payload = {} }) => ({
    tenantId,
    id: generateId(21),
    key,
    result: 'Success' as const,
    userId: userId ?? null,
    applicationId: applicationId ?? null,
    payload: { key, result: 'Success', ...(userId ? { userId } : {}), ...(applicationId ? { applicationId } : {}), ...payload },
    createdAt: new Date(now - ago),
  }));
  await server.db.insert(logs).values(values);
  return values.map((value) => ({ id: value.id, createdAt: value.createdAt }));
};

const listLogs = async (api: ManagementApi, query = '') => {
  const response = await call(`${api.base}/logs${query}`, api.token, 'GET');
  expect(response.status).toBe(200);
  return {
    items: logListGuard.parse(await response.json()),
    total: Number(response.headers.get(totalNumberHeader)),
    capped: response.headers.get(totalNumberIsCappedHeader),
  };
};

const keysOf = (items: LogItem[]) => items.map((item) => item.key);

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await signUpUser(server, 'logs');
});
afterAll(() => server?.close());

describe('GET /logs', () => {
  let api: ManagementApi;
  let ann: string;
  let gone: string;
  let app: string;
  let seeded: { id: string; createdAt: Date }[];

  beforeAll(async () => {
    api = await openTenant(server, admin, planIds.development);
    [ann, gone] = await insertUsers(server, api.tenantId, [`ann_${api.tenantId}`, `gone_${api.tenantId}`]) as [string, string];
    [app] = (await insertApplications(server, api.tenantId, 'SPA', ['Shop'])) as [string];
    seeded = await seedLogs(server, api.tenantId, [
      { key: 'Interaction.Create', applicationId: app, ago: 6000 },
      { key: 'Interaction.SignIn.Verification.Password.Submit', userId: ann, applicationId: app, ago: 5000 },
      { key: 'TriggerHook.PostSignIn', userId: ann, ago: 4500 },
      { key: 'ExchangeTokenBy.AuthorizationCode', userId: ann, applicationId: app, ago: 4000 },
      { key: 'ExchangeTokenBy.RefreshToken', userId: gone, applicationId: app, ago: 3000 },
      { key: 'Management.Role.Created', ago: 2000, payload: { actor: { type: 'ConsoleUser', id: admin.id }, targetId: 'r1' } },
      { key: 'Management.Resource.Created', ago: 1000, payload: { actor: { type: 'Application', id: app }, targetId: 'r2' } },
    ]);
    await server.db.delete(users).where(and(eq(users.tenantId, api.tenantId), eq(users.id, gone)));
  });

  test('lists the audit logs newest first, never webhook deliveries, each with its user and application read in', async () => {
    const { items, total, capped } = await listLogs(api);
    expect(keysOf(items)).toEqual([
      'Management.Resource.Created',
      'Management.Role.Created',
      'ExchangeTokenBy.RefreshToken',
      'ExchangeTokenBy.AuthorizationCode',
      'Interaction.SignIn.Verification.Password.Submit',
      'Interaction.Create',
    ]);
    expect({ total, capped }).toEqual({ total: 6, capped: null });
    const [resourceLog, roleLog, refresh, code, , created] = items;
    expect(code).toMatchObject({
      user: { id: ann, username: `ann_${api.tenantId}`, name: `ann_${api.tenantId}`, primaryEmail: `ann_${api.tenantId}@example.com`, primaryPhone: null },
      application: { id: app, name: 'Shop', type: 'SPA' },
      payload: { key: 'ExchangeTokenBy.AuthorizationCode', result: 'Success', userId: ann },
    });
    // A user that no longer exists is null ("deleted user"); a log naming no user has none.
    expect(refresh!.user).toBeNull();
    expect(created).not.toHaveProperty('user');
    expect(created!.application).toMatchObject({ id: app });
    // The actor's display name is read when the log is: the console user's e-mail (no name), the app's name.
    expect(roleLog!.payload.actor).toEqual({ type: 'ConsoleUser', id: admin.id, display: admin.email });
    expect(resourceLog!.payload.actor).toEqual({ type: 'Application', id: app, display: 'Shop' });
  });

  test('logs written within one millisecond of each other are listed in the order they were written', async () => {
    const tenant = await openTenant(server, admin, planIds.development);
    const steps = Array.from({ length: 30 }, (_, n) => n);
    for (const step of steps) await insertLog(server.db, tenant.tenantId, { key: 'Interaction.SignIn.Verification.Password.Submit', params: { step } });
    const times = await server.db.select({ createdAt: sql<string>`${logs.createdAt}::text` }).from(logs).where(eq(logs.tenantId, tenant.tenantId));
    expect(new Set(times.map((row) => row.createdAt)).size).toBe(steps.length);
    const listed = (await listLogs(tenant, '?page_size=100')).items.map((item) => (item.payload.params as { step: number }).step);
    expect(listed).toEqual(steps.toReversed());
    // The API answers times in milliseconds: a window ending at a log's time holds it, whatever its microseconds.
    const id = generateId(21);
    const key = 'Interaction.SignIn.Submit';
    await server.db.insert(logs).values({ tenantId: tenant.tenantId, id, key, result: 'Success', payload: { key, result: 'Success' }, createdAt: sql`now() + interval '1 second 123 microseconds'` });
    const [newest] = (await listLogs(tenant, '?page_size=1')).items;
    expect(newest!.id).toBe(id);
    const until = Date.parse(newest!.createdAt);
    expect((await listLogs(tenant, `?page_size=1&start_time=${until}&end_time=${until}`)).items.map((item) => item.id)).toEqual([id]);
  });

  test('pages with page and page_size', async () => {
    const first = await listLogs(api, '?page=1&page_size=4');
    const second = await listLogs(api, '?page=2&page_size=4');
    expect({ first: first.items.length, second: second.items.length, total: second.total }).toEqual({ first: 4, second: 2, total: 6 });
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(6);
    expect(await listLogs(api, '?page=9&page_size=4')).toEqual({ items: [], total: 6, capped: null });
  });

  test('filters by user, application, key and a time window whose ends are inclusive', async () => {
    expect(keysOf((await listLogs(api, `?userId=${ann}`)).items)).toEqual(['ExchangeTokenBy.AuthorizationCode', 'Interaction.SignIn.Verification.Password.Submit']);
    expect((await listLogs(api, `?applicationId=${app}`)).total).toBe(4);
    expect(keysOf((await listLogs(api, `?logKey=ExchangeTokenBy.RefreshToken`)).items)).toEqual(['ExchangeTokenBy.RefreshToken']);
    expect((await listLogs(api, '?logKey=TriggerHook.PostSignIn')).total).toBe(0);
    expect((await listLogs(api, `?userId=${ann}&logKey=ExchangeTokenBy.AuthorizationCode&applicationId=${app}`)).total).toBe(1);
    // From the password check to the refresh, both included.
    const [, password, , , refresh] = seeded;
    const window = await listLogs(api, `?start_time=${password!.createdAt.getTime()}&end_time=${refresh!.createdAt.getTime()}`);
    expect(keysOf(window.items)).toEqual(['ExchangeTokenBy.RefreshToken', 'ExchangeTokenBy.AuthorizationCode', 'Interaction.SignIn.Verification.Password.Submit']);
    expect((await listLogs(api, `?start_time=${refresh!.createdAt.getTime() + 1}&end_time=${refresh!.createdAt.getTime() + 500}`)).total).toBe(0);
  });

  test('a start after the end is 400 log.invalid_time_window; a timestamp that is not one is 400 guard.invalid_input', async () => {
    await expectError(await call(`${api.base}/logs?start_time=2000&end_time=1000`, api.token, 'GET'), 400, 'log.invalid_time_window');
    const invalid = await expectError(await call(`${api.base}/logs?start_time=yesterday&end_time=-1&enableCap=yes`, api.token, 'GET'), 400, 'guard.invalid_input');
    expect(invalid.details).toEqual([
      expect.objectContaining({ path: 'start_time' }),
      expect.objectContaining({ path: 'end_time' }),
      expect.objectContaining({ path: 'enableCap' }),
    ]);
    // The same moment at both ends is a window.
    expect((await call(`${api.base}/logs?start_time=1000&end_time=1000`, api.token, 'GET')).status).toBe(200);
  });

  test('times up to the last millisecond of year 9999 are read; later ones are 400 guard.invalid_input', async () => {
    const lastMs = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    expect((await listLogs(api, `?end_time=${lastMs}`)).total).toBe((await listLogs(api)).total);
    expect((await listLogs(api, `?start_time=${lastMs}&end_time=${lastMs}`)).total).toBe(0);
    const beyond = await expectError(await call(`${api.base}/logs?start_time=${lastMs + 1}&end_time=8640000000000000`, api.token, 'GET'), 400, 'guard.invalid_input');
    expect(beyond.details).toEqual([expect.objectContaining({ path: 'start_time' }), expect.objectContaining({ path: 'end_time' })]);
  });

  test('GET /logs/{id} answers one audit log in the same shape; a webhook delivery, or an unknown id, is 404', async () => {
    const [listed] = (await listLogs(api, `?logKey=ExchangeTokenBy.AuthorizationCode`)).items;
    const response = await call(`${api.base}/logs/${listed!.id}`, api.token, 'GET');
    expect(response.status).toBe(200);
    expect(logItemGuard.parse(await response.json())).toEqual(listed);
    const hook = seeded[2]!.id;
    await expectError(await call(`${api.base}/logs/${hook}`, api.token, 'GET'), 404, 'entity.not_exists_with_id');
    await expectError(await call(`${api.base}/logs/no-such-log`, api.token, 'GET'), 404, 'entity.not_exists_with_id');
  });

  test("another tenant's logs are neither listed nor found there", async () => {
    const other = await openTenant(server, admin, planIds.development);
    const [own] = await seedLogs(server, other.tenantId, [{ key: 'Interaction.Create' }]);
    const text = await (await call(`${other.base}/logs?page_size=100`, other.token, 'GET')).text();
    for (const { id } of seeded) expect(text).not.toContain(id);
    expect(text).toContain(own!.id);
    await expectError(await call(`${other.base}/logs/${seeded[0]!.id}`, other.token, 'GET'), 404, 'entity.not_exists_with_id');
  });

  test('needs read:data: 401 without a token, 403 with a token that lacks it', async () => {
    await expectError(await call(`${api.base}/logs`, undefined, 'GET'), 401, 'auth.authorization_header_missing');
    const writeOnly = await admin.session.organizationToken(organizationIdOf(api.tenantId), 'write:data');
    const refused = await expectError(await call(`${api.base}/logs`, writeOnly, 'GET'), 403, 'auth.insufficient_scope');
    expect(refused.details).toEqual({ requiredScope: 'read:data' });
    await expectError(await call(`${api.base}/logs/${seeded[0]!.id}`, writeOnly, 'GET'), 403, 'auth.insufficient_scope');
    const readOnly = await admin.session.organizationToken(organizationIdOf(api.tenantId), 'read:data');
    expect((await call(`${api.base}/logs`, readOnly, 'GET')).status).toBe(200);
  });

  test('with enableCap=true, the count stops at 10,000 and says so in Total-Number-Is-Capped', async () => {
    const crowded = await openTenant(server, admin, planIds.development);
    await server.db.execute(sql`
      insert into idp.logs (tenant_id, id, key, result, user_id, payload, created_at)
      select ${crowded.tenantId}, 'bulk' || g, 'Interaction.Create', 'Success', case when g <= 5 then 'u1' end, '{"key":"Interaction.Create","result":"Success"}'::jsonb,
        now() - g * interval '1 millisecond'
      from generate_series(1, ${countCap + 2}) g`);
    expect(await listLogs(crowded, '?enableCap=true&page_size=1')).toMatchObject({ total: countCap, capped: 'true' });
    expect(await listLogs(crowded, '?page_size=1')).toMatchObject({ total: countCap + 2, capped: null });
    expect(await listLogs(crowded, '?enableCap=true&userId=u1')).toMatchObject({ total: 5, capped: null });
  });
});

describe('retention', () => {
  test("reads never reach past the plan's days: free keeps 3, development 14", async () => {
    const free = await openTenant(server, admin, planIds.free);
    const development = await openTenant(server, admin, planIds.development);
    const retention = async (api: ManagementApi) => (await call(`${api.base}/logs/retention`, api.token, 'GET')).json();
    expect(await retention(free)).toEqual({ auditLogRetentionDays: 3 });
    expect(await retention(development)).toEqual({ auditLogRetentionDays: 14 });
    const [recent, old] = await seedLogs(server, free.tenantId, [
      { key: 'Interaction.Create', ago: 2 * dayMs },
      { key: 'Interaction.End', ago: 4 * dayMs },
    ]);
    await seedLogs(server, development.tenantId, [{ key: 'Interaction.End', ago: 4 * dayMs }]);
    expect((await listLogs(free)).items.map((item) => item.id)).toEqual([recent!.id]);
    expect((await listLogs(free, `?start_time=0&end_time=${Date.now()}`)).total).toBe(1);
    await expectError(await call(`${free.base}/logs/${old!.id}`, free.token, 'GET'), 404, 'entity.not_exists_with_id');
    expect((await listLogs(development)).total).toBe(1);

    // The cleanup deletes what the plan no longer keeps, and nothing else.
    await deleteExpiredRows(server.db, server.config);
    const left = async (tenantId: string) => (await server.db.select({ id: logs.id }).from(logs).where(eq(logs.tenantId, tenantId))).length;
    expect({ free: await left(free.tenantId), development: await left(development.tenantId) }).toEqual({ free: 1, development: 1 });
  });

  test('the purge deletes in batches, the oldest first, every key', async () => {
    const free = await openTenant(server, admin, planIds.free);
    await seedLogs(server, free.tenantId, [
      ...Array.from({ length: 23 }, (_, n) => ({ key: n % 2 ? 'TriggerHook.PostSignIn' : 'Interaction.End', ago: 5 * dayMs + n * 1000 })),
      { key: 'Interaction.Create', ago: dayMs },
    ]);
    expect(await purgeExpiredLogs(server.db, server.config, { batchSize: 10 })).toEqual({ deleted: 23, batches: 3 });
    expect(await server.db.select({ key: logs.key }).from(logs).where(eq(logs.tenantId, free.tenantId))).toEqual([{ key: 'Interaction.Create' }]);
    expect(await purgeExpiredLogs(server.db, server.config, { batchSize: 10 })).toEqual({ deleted: 0, batches: 0 });
  });
});

// PostgreSQL's autovacuum does this there.
test.skipIf(Boolean(postgresUrl))("on PGlite, the cleanup vacuums the logs, so the list's count reads index entries alone", async () => {
  const api = await openTenant(server, admin, planIds.development);
  await seedLogs(server, api.tenantId, Array.from({ length: 300 }, (_, n) => ({ key: 'Interaction.Create', ago: n })));
  const heapFetches = async () => {
    const plan = await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain (analyze) select count(*) from (select 1 from idp.logs where tenant_id = ${api.tenantId} and ${isAuditKey(logs.key)} limit 10001) c`);
    });
    return Number(/Heap Fetches: (\d+)/.exec(JSON.stringify((plan as unknown as { rows: unknown[] }).rows))?.[1]);
  };
  const before = await heapFetches();
  expect(before).toBeGreaterThanOrEqual(300);
  await expiredRowsCleanup({ db: server.db, kind: server.databaseKind }, server.config).runDue();
  // A page that still holds a deleted row of an earlier test (its index entries left for a later vacuum) stays unmarked.
  expect(await heapFetches()).toBeLessThan(before / 10);
});

describe('self-hosted retention', () => {
  test('AUDIT_LOG_RETENTION_DAYS sets the days the default tenant keeps', async () => {
    const selfHosted = await startTestServer('self-hosted', { AUDIT_LOG_RETENTION_DAYS: '2' });
    try {
      const session = await signUp(selfHosted.url, newAccount('owner'), { edition: 'self-hosted' });
      const api = { server: selfHosted, tenantId: defaultTenantId, base: `${selfHosted.url}/api`, token: await session.accessToken(resourceIndicators.management(defaultTenantId)) };
      expect(await (await call(`${api.base}/logs/retention`, api.token, 'GET')).json()).toEqual({ auditLogRetentionDays: 2 });
      const [kept] = await seedLogs(selfHosted, defaultTenantId, [{ key: 'Interaction.Create', ago: dayMs }, { key: 'Interaction.End', ago: 3 * dayMs }]);
      expect((await listLogs(api)).items.map((item) => item.id)).toEqual([kept!.id]);
    } finally {
      await selfHosted.close();
    }
  });

  test('forever by default, whatever the plan of the default tenant', async () => {
    const quotaOf = async (planId: string) => (await loadPlan(server.db, planId)).quota;
    expect(keptDays({ edition: 'self-hosted' }, undefined)).toBeNull();
    expect(keptDays({ edition: 'self-hosted', auditLogRetentionDays: 30 }, undefined)).toBe(30);
    expect(keptDays({ edition: 'cloud', auditLogRetentionDays: 30 }, await quotaOf(planIds.free))).toBe(3);
    expect(keptDays({ edition: 'cloud' }, await quotaOf(planIds.admin))).toBeNull();
    expect(loadConfig({ AUDIT_LOG_RETENTION_DAYS: '7' }).auditLogRetentionDays).toBe(7);
    expect(loadConfig({}).auditLogRetentionDays).toBeUndefined();
    for (const value of ['0', '1.5', 'week']) expect(() => loadConfig({ AUDIT_LOG_RETENTION_DAYS: value })).toThrow(/AUDIT_LOG_RETENTION_DAYS/);
  });
});

describe("a tenant's identity service writes its audit log", () => {
  const redirectUri = 'https://shop.example.test/callback';
  let api: ManagementApi;
  let client: AuthorizationClient;

  beforeAll(async () => {
    api = await openTenant(server, admin, planIds.development);
    const clientId = await tenantData(server.db, api.tenantId).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
    // As @logto/browser asks: after the sign-in, a first-party consent without a page.
    client = { issuer: `${server.url}/t/${api.tenantId}/oidc`, clientId, redirectUri, scopes: ['openid', 'profile', 'offline_access'], resources: [], prompt: 'consent' };
  });

  /** The tenant's logs from `since` on, oldest first, as the API lists them. */
  const logsSince = async (since: number) => (await listLogs(api, `?page_size=100&start_time=${since}`)).items.reverse();
  const stepsOf = (items: LogItem[]) => items.map(({ key, payload }) => [key, payload.result, payload.userId]);

  const tokenRequest = async (fields: Record<string, string>, path = 'token') => {
    const response = await fetch(`${client.issuer}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: client.clientId, ...fields }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, string | undefined> };
  };

  /** No payload names any of `secrets`. */
  const expectNoSecrets = (items: LogItem[], secrets: (string | undefined)[]) => {
    const text = JSON.stringify(items.map((item) => item.payload));
    for (const secret of secrets) {
      expect(secret).toEqual(expect.any(String));
      expect(text).not.toContain(secret);
    }
  };

  const register = async () => {
    const account = newAccount('shopper');
    const pending = await authorize(client, { signUp: true });
    const result = await pending.submit('register', { username: account.username, email: account.email, password: account.password, confirmPassword: account.password });
    return { account, pending, ...result, userId: String(decodeJwt(result.tokens!.id_token!).sub) };
  };

  test('a registration: each step of its interaction with the session, the app and the new user, then the code exchange', async () => {
    const since = Date.now();
    const { pending, userId, code, tokens, account } = await register();
    const items = await logsSince(since);
    expect(stepsOf(items)).toEqual([
      ['Interaction.Create', 'Success', undefined],
      ['Interaction.Register.Create', 'Success', undefined],
      ['Interaction.Register.Verification.NewPasswordIdentity.Submit', 'Success', userId],
      ['Interaction.Register.Identifier.Submit', 'Success', userId],
      ['Interaction.Register.Submit', 'Success', userId],
      ['Interaction.End', 'Success', userId],
      // The first-party consent the request asks for: a second interaction, ended without a page.
      ['Interaction.Create', 'Success', userId],
      ['Interaction.End', 'Success', userId],
      ['ExchangeTokenBy.AuthorizationCode', 'Success', userId],
    ]);
    const uid = new URL(pending.pageUrl).pathname.split('/').at(-1);
    expect(items.slice(0, 6).map((item) => item.payload.sessionId)).toEqual(Array(6).fill(uid));
    // A log's related logs: the same attempt's, newest first, and nothing else.
    const related = await listLogs(api, `?sessionId=${uid}&enableCap=true`);
    expect(related.items.map((item) => item.id)).toEqual(items.slice(0, 6).map((item) => item.id).reverse());
    expect(related.total).toBe(6);
    expect(items[6]!.payload).toMatchObject({ promptName: 'consent', params: { prompt: 'consent' } });
    expect(items[0]!.payload).toMatchObject({ promptName: 'login', params: { scope: 'openid profile offline_access' } });
    for (const item of items) {
      expect(item.payload).toMatchObject({ applicationId: client.clientId, ip: expect.any(String), userAgent: expect.any(String) });
      expect(item.application).toMatchObject({ id: client.clientId, type: 'SPA' });
    }
    expect(items[8]!.user).toMatchObject({ id: userId, username: account.username });
    expect(items[8]!.payload.params).toEqual({ grant_type: 'authorization_code' });
    expectNoSecrets(items, [account.password, code, tokens!.refresh_token, tokens!.access_token, tokens!.id_token]);
  });

  test('a sign-in with a wrong password, then the right one: a red password check naming the user, the steps, and the token requests', async () => {
    const { account, userId } = await register();
    const since = Date.now();
    const pending = await authorize(client);
    const wrong = 'Wrong-Horse-42';
    expect((await pending.submit('password', { identifier: account.username, password: wrong })).response.status).toBe(422);
    const { tokens, code } = await pending.submit('password', { identifier: account.email, password: account.password });
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens!.refresh_token! });
    expect(refreshed.status).toBe(200);
    const refused = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'no-such-token' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const items = await logsSince(since);
    expect(stepsOf(items)).toEqual([
      ['Interaction.Create', 'Success', undefined],
      ['Interaction.SignIn.Create', 'Success', undefined],
      ['Interaction.SignIn.Verification.Password.Submit', 'Error', userId],
      ['Interaction.SignIn.Verification.Password.Submit', 'Success', userId],
      ['Interaction.SignIn.Identifier.Submit', 'Success', userId],
      ['Interaction.SignIn.Submit', 'Success', userId],
      ['Interaction.End', 'Success', userId],
      ['Interaction.Create', 'Success', userId],
      ['Interaction.End', 'Success', userId],
      ['ExchangeTokenBy.AuthorizationCode', 'Success', userId],
      ['ExchangeTokenBy.RefreshToken', 'Success', userId],
      ['ExchangeTokenBy.RefreshToken', 'Error', undefined],
    ]);
    expect(items[2]!.payload).toMatchObject({ error: { code: 'session.invalid_credentials' }, identifier: account.username });
    expect(items[11]!.payload).toMatchObject({ error: { code: 'invalid_grant' }, params: { grant_type: 'refresh_token' } });
    // A user's logs, as the user's logs tab lists them.
    expect((await listLogs(api, `?userId=${userId}&logKey=Interaction.SignIn.Verification.Password.Submit`)).total).toBe(2);
    expectNoSecrets(items, [account.password, wrong, code, tokens!.refresh_token, refreshed.body.refresh_token, refreshed.body.access_token]);
  });

  test("a suspended user: the right password is checked, the submit is refused, and the user's refresh is invalid_grant", async () => {
    const { account, userId, tokens } = await register();
    await server.db.update(users).set({ isSuspended: true }).where(and(eq(users.tenantId, api.tenantId), eq(users.id, userId)));
    const since = Date.now();
    expect((await (await authorize(client)).submit('password', { identifier: account.username, password: account.password })).response.status).toBe(403);
    expect(await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens!.refresh_token! })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const items = await logsSince(since);
    expect(stepsOf(items)).toEqual([
      ['Interaction.Create', 'Success', undefined],
      ['Interaction.SignIn.Create', 'Success', undefined],
      ['Interaction.SignIn.Verification.Password.Submit', 'Success', userId],
      ['Interaction.SignIn.Identifier.Submit', 'Success', userId],
      ['Interaction.SignIn.Submit', 'Error', userId],
      ['ExchangeTokenBy.RefreshToken', 'Error', userId],
    ]);
    expect(items[4]!.payload.error).toEqual({ code: 'user.suspended' });
    expect(items[5]!.payload.error).toMatchObject({ code: 'invalid_grant' });
    expectNoSecrets(items, [account.password, tokens!.refresh_token]);
  });

  test('a registration refused for a taken username is a red identity check; switching from sign-in to it updates the event', async () => {
    const { account } = await register();
    const since = Date.now();
    const pending = await authorize(client);
    expect((await pending.submit('password', { identifier: account.username, password: 'Wrong-Horse-42' })).response.status).toBe(422);
    const taken = await pending.submit('register', { username: account.username, email: '', password: account.password, confirmPassword: account.password });
    expect(taken.response.status).toBe(422);
    const items = await logsSince(since);
    expect(stepsOf(items).map(([key, result]) => [key, result])).toEqual([
      ['Interaction.Create', 'Success'],
      ['Interaction.SignIn.Create', 'Success'],
      ['Interaction.SignIn.Verification.Password.Submit', 'Error'],
      ['Interaction.Register.Update', 'Success'],
      ['Interaction.Register.Verification.NewPasswordIdentity.Submit', 'Error'],
    ]);
    expect(items[4]!.payload).toMatchObject({ error: { code: 'user.username_already_in_use' }, identifier: { username: account.username, email: '' } });
  });

  test('client credentials, granted and refused, and a revocation', async () => {
    const data = tenantData(server.db, api.tenantId);
    const indicator = 'https://orders.example.test';
    const { scopeIds } = await data.resource(indicator, ['read:orders']);
    const machine = await data.application('MachineToMachine');
    await data.assignToApplication(machine, await data.role('MachineToMachine', [scopeIds['read:orders']!]));
    const secret = await data.secret(machine);
    const { tokens } = await register();
    const since = Date.now();
    const granted = await clientCredentials(client.issuer, { clientId: machine, secret, resource: indicator, scope: 'read:orders' });
    expect(granted.status).toBe(200);
    const posted = await clientCredentials(client.issuer, { clientId: machine, secret, resource: indicator, post: true });
    expect(posted.status).toBe(200);
    expect((await clientCredentials(client.issuer, { clientId: machine, secret: `${secret}x`, resource: indicator })).status).toBe(401);
    expect((await tokenRequest({ token: tokens!.refresh_token!, token_type_hint: 'refresh_token' }, 'token/revocation')).status).toBe(200);

    const items = await logsSince(since);
    expect(items.map(({ key, payload }) => [key, payload.result, payload.applicationId])).toEqual([
      ['ExchangeTokenBy.ClientCredentials', 'Success', machine],
      ['ExchangeTokenBy.ClientCredentials', 'Success', machine],
      // The app is known, its secret is not.
      ['ExchangeTokenBy.ClientCredentials', 'Error', machine],
      ['RevokeToken', 'Success', client.clientId],
    ]);
    expect(items[0]!.payload.params).toEqual({ grant_type: 'client_credentials', resource: indicator, scope: 'read:orders' });
    expect(items[0]!.application).toMatchObject({ id: machine, type: 'MachineToMachine' });
    expect(items[2]!.payload.error).toMatchObject({ code: 'invalid_client' });
    expect(items[3]!.payload).toMatchObject({ tokenType: 'RefreshToken', userId: expect.any(String), params: { token_type_hint: 'refresh_token' } });
    expectNoSecrets(items, [secret, `${secret}x`, String(granted.body.access_token), String(posted.body.access_token), tokens!.refresh_token]);
  });

  test("a third-party app's consent page: the sign-in ends in a second interaction, which a Cancel ends in error", async () => {
    const { account, userId } = await register();
    const thirdParty = await tenantData(server.db, api.tenantId).application('SPA', {
      isThirdParty: true,
      oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] },
    });
    const since = Date.now();
    const pending = await authorize({ ...client, clientId: thirdParty });
    const consent = await pending.submit('password', { identifier: account.username, password: account.password });
    expect(await pending.submit('consent', { decision: 'cancel' }, consent.pageUrl)).toMatchObject({ error: 'access_denied' });
    const items = await logsSince(since);
    expect(stepsOf(items).slice(-3)).toEqual([
      ['Interaction.End', 'Success', userId],
      ['Interaction.Create', 'Success', userId],
      ['Interaction.End', 'Error', userId],
    ]);
    expect(items.at(-1)!.payload).toMatchObject({ applicationId: thirdParty, error: { code: 'access_denied' }, sessionId: new URL(consent.pageUrl!).pathname.split('/').at(-1) });
  });

  test("the console's own sign-in pages write no tenant's logs", async () => {
    const count = async () => (await server.db.select({ id: logs.id }).from(logs)).length;
    const before = await count();
    await signUpUser(server, 'console');
    expect(await count()).toBe(before);
  });
});

describe('management writes are logged in their transaction', () => {
  let api: ManagementApi;

  beforeAll(async () => {
    api = await openTenant(server, admin, planIds.development);
  });

  /** The logs of management writes from `since` on, oldest first. */
  const changesSince = async (since: number) => (await listLogs(api, `?page_size=100&start_time=${since}`)).items.reverse().filter((item) => item.key.startsWith('Management.'));
  const expectCalled = async (response: Response, status: number) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response.status === 204 ? undefined : ((await response.json()) as Record<string, string>);
  };

  test("each write names its key, target, changed fields and the console user who made it, from where", async () => {
    const since = Date.now();
    const resource = (await expectCalled(await call(`${api.base}/resources`, api.token, 'POST', { name: 'Orders', indicator: 'https://orders.example.test' }), 201))!;
    await expectCalled(await call(`${api.base}/resources/${resource.id}`, api.token, 'PATCH', { name: 'Orders API' }), 200);
    const scope = (await expectCalled(await call(`${api.base}/resources/${resource.id}/scopes`, api.token, 'POST', { name: 'read:orders' }), 201))!;
    const role = (await expectCalled(await call(`${api.base}/roles`, api.token, 'POST', { name: 'reader', description: 'Reads', scopeIds: [scope.id] }), 201))!;
    await expectCalled(await call(`${api.base}/roles/${role.id}`, api.token, 'PATCH', { description: 'Reads orders' }), 200);
    const [ann] = await insertUsers(server, api.tenantId, [`ann_${api.tenantId}`]);
    await expectCalled(await call(`${api.base}/roles/${role.id}/users`, api.token, 'POST', { userIds: [ann] }), 201);
    await expectCalled(await call(`${api.base}/roles/${role.id}/scopes/${scope.id}`, api.token, 'DELETE'), 204);
    await expectCalled(await call(`${api.base}/resources/${resource.id}/scopes/${scope.id}`, api.token, 'DELETE'), 204);
    await expectCalled(await call(`${api.base}/roles/${role.id}`, api.token, 'DELETE'), 204);

    const items = await changesSince(since);
    expect(items.map((item) => [item.key, item.payload.targetId])).toEqual([
      ['Management.Resource.Created', resource.id],
      ['Management.Resource.Updated', resource.id],
      ['Management.Scope.Created', scope.id],
      ['Management.Role.Created', role.id],
      ['Management.Role.Updated', role.id],
      ['Management.Role.AssigneesUpdated', role.id],
      ['Management.Role.ScopesUpdated', role.id],
      ['Management.Scope.Deleted', scope.id],
      ['Management.Role.Deleted', role.id],
    ]);
    for (const item of items) {
      expect(item.payload).toMatchObject({ result: 'Success', actor: { type: 'ConsoleUser', id: admin.id, display: admin.email }, ip: expect.any(String), userAgent: expect.any(String) });
    }
    const [created, renamed, , roleCreated, roleUpdated, assigned, unlinked] = items;
    expect(created!.payload.changes).toMatchObject({ name: { from: null, to: 'Orders' }, indicator: { from: null, to: 'https://orders.example.test' } });
    expect(renamed!.payload.changes).toEqual({ name: { from: 'Orders', to: 'Orders API' } });
    expect(roleCreated!.payload.changes).toMatchObject({ name: { from: null, to: 'reader' }, scopeIds: { from: null, to: [scope.id] } });
    expect(roleUpdated!.payload.changes).toEqual({ description: { from: 'Reads', to: 'Reads orders' } });
    // One user: the log is on that user's logs tab.
    expect(assigned!.payload).toMatchObject({ userId: ann, users: { added: [ann] } });
    expect(assigned!.user).toMatchObject({ id: ann });
    expect(unlinked!.payload).toMatchObject({ removed: [scope.id] });
  });

  test("an application's writes are on its logs tab, and never hold a secret's value", async () => {
    const since = Date.now();
    const created = (await expectCalled(await call(`${api.base}/applications`, api.token, 'POST', { name: 'Backend', type: 'MachineToMachine' }), 201)) as unknown as {
      id: string;
      secrets: { name: string; value: string }[];
    };
    const secret = (await expectCalled(await call(`${api.base}/applications/${created.id}/secrets`, api.token, 'POST', { name: 'Rotated' }), 201))!;
    await expectCalled(await call(`${api.base}/applications/${created.id}/secrets/Rotated`, api.token, 'PATCH', { name: 'Current' }), 200);
    await expectCalled(await call(`${api.base}/applications/${created.id}/secrets/${encodeURIComponent('Default secret')}`, api.token, 'DELETE'), 204);
    await expectCalled(await call(`${api.base}/applications/${created.id}`, api.token, 'PATCH', { description: 'Syncs orders' }), 200);
    await expectCalled(await call(`${api.base}/applications/${created.id}`, api.token, 'DELETE'), 204);

    const items = (await listLogs(api, `?applicationId=${created.id}&start_time=${since}`)).items.reverse();
    expect(items.map((item) => [item.key, item.payload.secret && (item.payload.secret as { action: string }).action])).toEqual([
      ['Management.Application.Created', undefined],
      ['Management.Application.SecretRotated', 'Created'],
      ['Management.Application.SecretRotated', 'Renamed'],
      ['Management.Application.SecretRotated', 'Deleted'],
      ['Management.Application.Updated', undefined],
      ['Management.Application.Deleted', undefined],
    ]);
    expect(items[0]!.payload.changes).toMatchObject({ name: { from: null, to: 'Backend' }, secretNames: { from: null, to: ['Default secret'] } });
    expect(items[4]!.payload.changes).toEqual({ description: { from: null, to: 'Syncs orders' } });
    // The app is gone: its logs stay, naming it no more.
    expect(items[5]!.application).toBeNull();
    const text = JSON.stringify(items.map((item) => item.payload));
    for (const value of [created.secrets[0]!.value, secret.value]) {
      expect(value).toEqual(expect.any(String));
      expect(text).not.toContain(value);
    }
  });

  test("a machine-to-machine app's write names the app as its actor", async () => {
    const data = tenantData(server.db, api.tenantId);
    const machine = await data.application('MachineToMachine', { name: 'Provisioner' });
    const secret = await data.secret(machine);
    await data.assignToApplication(machine, await data.role('MachineToMachine', [managementApiScopeId]));
    const issuer = `${server.url}/t/${api.tenantId}/oidc`;
    const { body } = await clientCredentials(issuer, { clientId: machine, secret, resource: resourceIndicators.management(api.tenantId), scope: 'all' });
    const since = Date.now();
    const created = (await expectCalled(await call(`${server.url}/t/${api.tenantId}/api/roles`, String(body.access_token), 'POST', { name: 'auditor', description: 'Audits' }), 201))!;
    const [log] = await changesSince(since);
    expect(log).toMatchObject({ key: 'Management.Role.Created', payload: { targetId: created.id, actor: { type: 'Application', id: machine, display: 'Provisioner' } } });
  });

  test('a write that fails leaves no log', async () => {
    const since = Date.now();
    const taken = (await expectCalled(await call(`${api.base}/roles`, api.token, 'POST', { name: 'taken', description: 'First' }), 201))!;
    await expectError(await call(`${api.base}/roles`, api.token, 'POST', { name: 'taken', description: 'Second' }), 422, 'role.name_in_use');
    await expectError(await call(`${api.base}/roles/no-such-role`, api.token, 'PATCH', { description: 'None' }), 404, 'entity.not_exists_with_id');
    await expectError(await call(`${api.base}/resources/no-such-resource`, api.token, 'DELETE'), 404, 'entity.not_exists_with_id');
    expect((await changesSince(since)).map((item) => [item.key, item.payload.targetId])).toEqual([['Management.Role.Created', taken.id]]);
  });
});
