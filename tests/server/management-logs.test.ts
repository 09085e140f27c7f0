import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultTenantId, organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { logItemGuard } from '#schemas/log.ts';
import { planIds } from '#schemas/quota.ts';
import { countCap } from '#schemas/tenant-user.ts';
import { loadConfig } from '#server/config.ts';
import { deleteExpiredRows, expiredRowsCleanup } from '#server/db/cleanup.ts';
import { users } from '#server/db/idp.ts';
import { logs } from '#server/db/idp/logs.ts';
import { generateId } from '#server/ids.ts';
import { isAuditKey } from '#server/tenant/logs/audit-keys.ts';
import { insertLog } from '#server/tenant/logs/record.ts';
import { keptDays, purgeExpiredLogs } from '#server/tenant/logs/retention.ts';
import { loadPlan } from '#server/billing/skus.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { insertApplications, insertUsers } from './idp-rows.ts';
import { signUp } from '../support/oidc-client.ts';
import { call, expectError, newAccount, postgresUrl, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import { dayMs, keysOf, listLogs, seedLogs } from './log-support.ts';


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

  test('GET /logs/{id} answers one audit log in the same shape, and a webhook delivery attempt the list leaves out; an unknown id is 404', async () => {
    const [listed] = (await listLogs(api, `?logKey=ExchangeTokenBy.AuthorizationCode`)).items;
    const response = await call(`${api.base}/logs/${listed!.id}`, api.token, 'GET');
    expect(response.status).toBe(200);
    expect(logItemGuard.parse(await response.json())).toEqual(listed);
    const hook = seeded[2]!.id;
    const delivery = await call(`${api.base}/logs/${hook}`, api.token, 'GET');
    expect(delivery.status).toBe(200);
    expect(await delivery.json()).toMatchObject({ id: hook, key: 'TriggerHook.PostSignIn' });
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
