import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { organizationIdOf } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import { totalNumberHeader } from '#schemas/paging.ts';
import { hookGuard, hookLogGuard, type Hook } from '#schemas/webhook.ts';
import { hookDeliveries, hooks } from '#server/db/idp.ts';
import { listLogs } from './log-support.ts';
import { eventually, hooksApi, startReceiver, verifiesWith, type HooksApi, type Receiver } from './hooks-support.ts';
import { expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

/** The hooks routes (webhooks.md §4) and what they deliver (§5, §6), with a local receiver. */

let server: TestServer;
let admin: TestUser;
let api: HooksApi;
let receiver: Receiver;

beforeAll(async () => {
  // Private addresses allowed: the receiver is on this machine. Retries come after 300, 600 and 1200 ms (±20 %).
  server = await startTestServer('cloud', { HOOKS_ALLOW_PRIVATE_ADDRESSES: '1', HOOK_RETRY_DELAYS_MS: '300,600,1200' });
  admin = await signUpUser(server, 'hooks');
  api = await hooksApi(server, admin, planIds.development);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.stop();
  await server?.close();
});

const hookList = z.array(hookGuard);
const logList = z.array(hookLogGuard);
const arrivals = (event: string, hookId: string) => receiver.received.filter((request) => request.body.event === event && request.body.hookId === hookId);
const createUser = async (tenant: HooksApi, username: string) => {
  const response = await tenant.send('POST', '/users', { username });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string };
};
const recentLogs = async (tenant: HooksApi, hookId: string, query = '') => {
  const response = await tenant.send('GET', `/hooks/${hookId}/recent-logs${query}`);
  expect(response.status).toBe(200);
  return { items: logList.parse(await response.json()), total: Number(response.headers.get(totalNumberHeader)) };
};

describe('hooks', () => {
  test('create, get, list with q, enabled and stats, patch, regenerate the key, delete; each audited; the key sealed at rest', async () => {
    const tenant = await hooksApi(server, admin, planIds.development);
    const hook = await tenant.createHook({ name: 'CRM sync', events: ['User.Created', 'User.Deleted'], config: { url: receiver.url } });
    expect(hook).toMatchObject({ name: 'CRM sync', event: null, events: ['User.Created', 'User.Deleted'], config: { url: receiver.url, retries: 3 }, enabled: true });
    expect(hook.signingKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const [stored] = await server.db.select().from(hooks).where(eq(hooks.id, hook.id));
    expect(JSON.stringify(stored)).not.toContain(hook.signingKey);
    const other = await tenant.createHook({ name: 'Audit mirror', events: ['Role.Created'], config: { url: receiver.url, headers: { 'X-Api-Key': 'k1' }, retries: 0 }, enabled: false });

    expect(hookGuard.parse(await (await tenant.send('GET', `/hooks/${hook.id}`)).json())).toEqual(hook);
    const listed = await tenant.send('GET', '/hooks?includeExecutionStats=true');
    expect(listed.headers.get(totalNumberHeader)).toBe('2');
    expect(hookList.parse(await listed.json()).map((item) => [item.id, item.executionStats])).toEqual([
      [other.id, { successCount: 0, requestCount: 0 }],
      [hook.id, { successCount: 0, requestCount: 0 }],
    ]);
    expect(hookList.parse(await (await tenant.send('GET', '/hooks?q=crm')).json()).map((item) => item.id)).toEqual([hook.id]);
    expect(hookList.parse(await (await tenant.send('GET', '/hooks?enabled=false')).json()).map((item) => item.id)).toEqual([other.id]);
    expect(hookList.parse(await (await tenant.send('GET', '/hooks?page=2&page_size=1')).json()).map((item) => item.id)).toEqual([hook.id]);

    const patched = hookGuard.parse(await (await tenant.send('PATCH', `/hooks/${hook.id}`, { name: 'CRM', config: { url: receiver.url, retries: 1 } })).json());
    expect(patched).toMatchObject({ name: 'CRM', config: { retries: 1 }, signingKey: hook.signingKey });
    const regenerated = hookGuard.parse(await (await tenant.send('PATCH', `/hooks/${hook.id}/signing-key`)).json());
    expect(regenerated.signingKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(regenerated.signingKey).not.toBe(hook.signingKey);

    expect((await tenant.send('DELETE', `/hooks/${other.id}`)).status).toBe(204);
    await expectError(await tenant.send('GET', `/hooks/${other.id}`), 404, 'entity.not_exists_with_id');
    const audit = (await listLogs(tenant, '?page_size=20')).items.filter((item) => item.key.startsWith('Management.Hook.'));
    expect(audit.map((item) => item.key).toReversed()).toEqual([
      'Management.Hook.Created', 'Management.Hook.Created', 'Management.Hook.Updated', 'Management.Hook.Updated', 'Management.Hook.Deleted',
    ]);
    expect(JSON.stringify(audit)).not.toContain(hook.signingKey);
    expect(JSON.stringify(audit)).not.toContain(regenerated.signingKey);
  });

  test('refusals: no event, bad headers, retries beyond 3, unknown hook; nothing written', async () => {
    const tenant = await hooksApi(server, admin, planIds.development);
    const config = { url: receiver.url };
    await expectError(await tenant.send('POST', '/hooks', { name: 'x', events: [], config }), 400, 'hook.missing_events');
    await expectError(await tenant.send('POST', '/hooks', { name: 'x', config }), 400, 'hook.missing_events');
    for (const headers of [{ 'Content-Type': 'text/plain' }, { 'logto-signature-sha-256': 'x' }, { Host: 'a' }, { 'bad:name': 'x' }, { 'X-A': 'tab\there' }]) {
      await expectError(await tenant.send('POST', '/hooks', { name: 'x', events: ['User.Created'], config: { ...config, headers } }), 400, 'guard.invalid_input');
    }
    await expectError(await tenant.send('POST', '/hooks', { name: 'x', events: ['User.Created'], config: { ...config, retries: 4 } }), 400, 'guard.invalid_input');
    await expectError(await tenant.send('POST', '/hooks', { name: 'x', events: ['No.Such'], config }), 400, 'guard.invalid_input');
    await expectError(await tenant.send('PATCH', '/hooks/nothing', { name: 'y' }), 404, 'entity.not_exists_with_id');
    const hook = await tenant.createHook({ name: 'x', events: ['User.Created'], config });
    await expectError(await tenant.send('PATCH', `/hooks/${hook.id}`, { events: [] }), 400, 'hook.missing_events');
    expect(await server.db.select().from(hooks).where(eq(hooks.tenantId, tenant.tenantId))).toHaveLength(1);
  });

  test('the free plan holds one webhook; a read-only token lists but cannot create', async () => {
    const free = await hooksApi(server, admin, planIds.free);
    await free.createHook({ name: 'one', events: ['User.Created'], config: { url: receiver.url } });
    await expectError(await free.send('POST', '/hooks', { name: 'two', events: ['User.Created'], config: { url: receiver.url } }), 403, 'subscription.quota_exceeded');
    const readOnly = await admin.session.organizationToken(organizationIdOf(free.tenantId), 'read:data');
    expect((await free.send('GET', '/hooks', undefined, readOnly)).status).toBe(200);
    await expectError(await free.send('POST', '/hooks', { name: 'two', events: ['User.Created'], config: { url: receiver.url } }, readOnly), 403, 'auth.insufficient_scope');
  });

  test("another tenant's hook is not found; its events go to its own hooks only", async () => {
    const [a, b] = [await hooksApi(server, admin, planIds.development), await hooksApi(server, admin, planIds.development)];
    const hookA = await a.createHook({ name: 'A', events: ['User.Created'], config: { url: receiver.url } });
    const hookB = await b.createHook({ name: 'B', events: ['User.Created'], config: { url: receiver.url } });
    await expectError(await b.send('GET', `/hooks/${hookA.id}`), 404, 'entity.not_exists_with_id');
    await expectError(await b.send('DELETE', `/hooks/${hookA.id}`), 404, 'entity.not_exists_with_id');
    await expectError(await b.send('GET', `/hooks/${hookA.id}/recent-logs`), 404, 'entity.not_exists_with_id');
    const user = await createUser(a, 'isolated_a');
    await eventually(() => arrivals('User.Created', hookA.id).find((request) => (request.body.data as { id: string }).id === user.id));
    expect(arrivals('User.Created', hookB.id)).toEqual([]);
    expect((await recentLogs(b, hookB.id)).items).toEqual([]);
  });
});

describe('delivery', () => {
  let hook: Hook;
  beforeAll(async () => {
    hook = await api.createHook({ name: 'Users', events: ['User.Created', 'User.Deleted', 'User.Data.Updated'], config: { url: receiver.url, headers: { 'X-Api-Key': 'secret-1' }, retries: 2 } });
  });

  test('a user created arrives signed (Standard Webhooks and the logto header) with the user as data; logged and counted', async () => {
    const user = await createUser(api, 'ann');
    const request = await eventually(() => arrivals('User.Created', hook.id).find((entry) => (entry.body.data as { id: string }).id === user.id));
    expect(request.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'Gatehouse', 'x-api-key': 'secret-1' });
    expect(request.body).toMatchObject({ hookId: hook.id, event: 'User.Created', method: 'POST', status: 201, data: { id: user.id, username: 'ann' } });
    expect(typeof request.body.sequence).toBe('number');
    expect(verifiesWith(hook.signingKey, request)).toBe(true);
    expect(verifiesWith('A'.repeat(32), request)).toBe(false);
    expect(request.headers['logto-signature-sha-256']).toBe(createHmac('sha256', hook.signingKey).update(request.raw).digest('hex'));

    const logs = await eventually(async () => {
      const { items } = await recentLogs(api, hook.id, '?logKey=TriggerHook.User.Created');
      return items.length > 0 ? items : undefined;
    });
    expect(logs[0]!.payload).toMatchObject({ result: 'Success', hookId: hook.id, attempt: 1, maxAttempts: 3, nextAttemptAt: null, response: { statusCode: 200, body: 'ok' } });
    expect(logs[0]!.payload.deliveryId).toBe(request.headers['webhook-id']);
    expect(hookLogGuard.parse(await (await api.send('GET', `/logs/${logs[0]!.id}`)).json())).toEqual(logs[0]);
    const stats = hookGuard.parse(await (await api.send('GET', `/hooks/${hook.id}?includeExecutionStats=true`)).json()).executionStats;
    expect(stats).toEqual({ successCount: 1, requestCount: 1 });
  });

  test('a 500 is tried again with growing gaps until the retries run out; a resend sends it once more with the same id', async () => {
    receiver.answerWith((request) => (request.body.event === 'User.Data.Updated' ? { status: 500, body: 'down' } : { status: 200 }));
    const user = await createUser(api, 'bob');
    expect((await api.send('PATCH', `/users/${user.id}`, { name: 'Bob' })).status).toBe(200);
    const attempts = await eventually(() => {
      const found = arrivals('User.Data.Updated', hook.id).filter((entry) => (entry.body.data as { id: string }).id === user.id);
      return found.length === 3 ? found : undefined;
    });
    const ids = new Set(attempts.map((entry) => entry.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const [first, second, third] = attempts.map((entry) => entry.at);
    expect(second! - first!).toBeGreaterThanOrEqual(240);
    expect(third! - second!).toBeGreaterThanOrEqual(480);
    expect(attempts.map((entry) => entry.raw)).toEqual([attempts[0]!.raw, attempts[0]!.raw, attempts[0]!.raw]);
    const logs = await eventually(async () => {
      const { items } = await recentLogs(api, hook.id, '?logKey=TriggerHook.User.Data.Updated');
      return items.length === 3 ? items : undefined;
    });
    expect(logs.map((log) => [log.payload.attempt, log.payload.result, log.payload.response?.statusCode, log.payload.nextAttemptAt === null])).toEqual([
      [3, 'Error', 500, true],
      [2, 'Error', 500, false],
      [1, 'Error', 500, false],
    ]);
    const [row] = await server.db.select().from(hookDeliveries).where(eq(hookDeliveries.id, String(ids.values().next().value)));
    expect(row).toMatchObject({ status: 'failed', attempt: 3, lastStatus: 500 });

    receiver.answerWith(() => ({ status: 200 }));
    expect((await api.send('POST', `/hooks/${hook.id}/deliveries/${logs[0]!.id}/resend`)).status).toBe(202);
    const resent = await eventually(() => {
      const found = arrivals('User.Data.Updated', hook.id).filter((entry) => ids.has(entry.headers['webhook-id']));
      return found.length === 4 ? found[3] : undefined;
    });
    expect(resent.raw).toBe(attempts[0]!.raw);
    const after = await eventually(async () => {
      const { items } = await recentLogs(api, hook.id, '?logKey=TriggerHook.User.Data.Updated');
      return items.length === 4 ? items[0] : undefined;
    });
    expect(after.payload).toMatchObject({ attempt: 4, result: 'Success', resend: true });
    await expectError(await api.send('POST', `/hooks/${hook.id}/deliveries/nothing/resend`), 404, 'entity.not_exists_with_id');
  });

  test('deliveryId lists the attempts of that delivery only, in this tenant only; a bad one is a 400', async () => {
    const [carol, dave] = [await createUser(api, 'carol'), await createUser(api, 'dave')];
    const deliveryOf = async (userId: string) =>
      eventually(async () => (await recentLogs(api, hook.id, '?logKey=TriggerHook.User.Created')).items.find((log) => (log.payload.hookRequest.body as { data: { id: string } }).data.id === userId));
    const [ofCarol, ofDave] = [await deliveryOf(carol.id), await deliveryOf(dave.id)];
    expect(ofCarol.payload.deliveryId).not.toBe(ofDave.payload.deliveryId);
    const only = await recentLogs(api, hook.id, `?deliveryId=${ofCarol.payload.deliveryId}`);
    expect(only).toEqual({ items: [ofCarol], total: 1 });
    expect(await recentLogs(api, hook.id, `?deliveryId=${ofCarol.payload.deliveryId}&logKey=TriggerHook.User.Deleted`)).toEqual({ items: [], total: 0 });
    const other = await hooksApi(server, admin, planIds.development);
    const otherHook = await other.createHook({ name: 'Other', events: ['User.Created'], config: { url: receiver.url } });
    expect(await recentLogs(other, otherHook.id, `?deliveryId=${ofCarol.payload.deliveryId}`)).toEqual({ items: [], total: 0 });
    await expectError(await api.send('GET', `/hooks/${hook.id}/recent-logs?deliveryId=`), 400, 'guard.invalid_input');
    await expectError(await api.send('GET', `/hooks/${hook.id}/recent-logs?deliveryId=${'d'.repeat(129)}`), 400, 'guard.invalid_input');
  });

  test('a 400 fails at once; a 429 waits as Retry-After says', async () => {
    const once = await api.createHook({ name: 'Roles', events: ['Role.Created'], config: { url: receiver.url, retries: 3 } });
    let calls = 0;
    receiver.answerWith((request) => {
      if (request.body.hookId !== once.id) return { status: 200 };
      calls += 1;
      return calls === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 400, body: 'no' };
    });
    expect((await api.send('POST', '/roles', { name: 'editors', description: 'Editors' })).status).toBe(201);
    const attempts = await eventually(() => (arrivals('Role.Created', once.id).length === 2 ? arrivals('Role.Created', once.id) : undefined));
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    const [row] = await eventually(async () => {
      const rows = await server.db.select().from(hookDeliveries).where(eq(hookDeliveries.hookId, once.id));
      return rows[0]?.status === 'failed' ? rows : undefined;
    });
    expect(row).toMatchObject({ attempt: 2, lastStatus: 400 });
    receiver.answerWith(() => ({ status: 200 }));
  });

  test('a disabled hook gets nothing and its waiting deliveries are cancelled; reactivated, the next event arrives', async () => {
    const quiet = await api.createHook({ name: 'Quiet', events: ['User.Deleted'], config: { url: receiver.url } });
    expect((await api.send('PATCH', `/hooks/${quiet.id}`, { enabled: false })).status).toBe(200);
    const first = await createUser(api, 'gone_1');
    expect((await api.send('DELETE', `/users/${first.id}`)).status).toBe(204);
    expect(await server.db.select().from(hookDeliveries).where(eq(hookDeliveries.hookId, quiet.id))).toEqual([]);
    expect((await api.send('PATCH', `/hooks/${quiet.id}`, { enabled: true })).status).toBe(200);
    const second = await createUser(api, 'gone_2');
    expect((await api.send('DELETE', `/users/${second.id}`)).status).toBe(204);
    const deleted = await eventually(() => arrivals('User.Deleted', quiet.id)[0]);
    expect(deleted.body.data).toMatchObject({ id: second.id, username: 'gone_2' });
    expect(arrivals('User.Deleted', quiet.id)).toHaveLength(1);
  });
});

describe('test payload', () => {
  test('sends one fake payload per event to the unsaved URL and headers, signed with the saved key; 422 with the answer or the error', async () => {
    const hook = await api.createHook({ name: 'Tested', events: ['User.Created'], config: { url: 'http://127.0.0.1:9/never' } });
    const before = receiver.received.length;
    const body = { events: ['PostRegister', 'Role.Deleted'], config: { url: receiver.url, headers: { 'X-Form': 'unsaved' } } };
    expect((await api.send('POST', `/hooks/${hook.id}/test`, body)).status).toBe(204);
    const sent = receiver.received.slice(before);
    expect(sent.map((request) => request.body.event)).toEqual(['PostRegister', 'Role.Deleted']);
    expect(sent[0]!.body).toMatchObject({ hookId: hook.id, interactionEvent: 'Register', sessionId: 'fake-session-id', user: { username: 'fake-user' } });
    expect(sent.every((request) => request.headers['x-form'] === 'unsaved' && verifiesWith(hook.signingKey, request))).toBe(true);

    receiver.answerWith(() => ({ status: 503, body: 'maintenance' }));
    const refused = await expectError(await api.send('POST', `/hooks/${hook.id}/test`, body), 422, 'hook.endpoint_responded_with_error');
    expect(refused.details).toEqual({ responseStatus: 503, responseBody: 'maintenance' });
    receiver.answerWith(() => ({ status: 200 }));
    await expectError(await api.send('POST', `/hooks/${hook.id}/test`, { ...body, config: { url: 'http://127.0.0.1:9/closed' } }), 422, 'hook.send_test_payload_failed');
    await expectError(await api.send('POST', '/hooks/nothing/test', body), 404, 'entity.not_exists_with_id');
    expect(await server.db.select().from(hookDeliveries).where(eq(hookDeliveries.hookId, hook.id))).toEqual([]);
  });
});
