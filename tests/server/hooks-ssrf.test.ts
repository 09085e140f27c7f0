import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { planIds } from '#schemas/quota.ts';
import { hookLogGuard } from '#schemas/webhook.ts';
import { hookDeliveries, hooks } from '#server/db/idp.ts';
import { isNonPublicAddress } from '#server/net/public-address.ts';
import { eventually, hooksApi, startReceiver, type HooksApi, type Receiver } from './hooks-support.ts';
import { expectError, signUpUser, startTestServer, type TestServer } from './support.ts';

/** The cloud edition's refusals of hook URLs that reach this machine or private networks (webhooks.md §6.6). */

let server: TestServer;
let api: HooksApi;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer('cloud');
  api = await hooksApi(server, await signUpUser(server, 'ssrf'), planIds.development);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.stop();
  await server?.close();
});

const create = (url: string) => api.send('POST', '/hooks', { name: 'probe', events: ['User.Created'], config: { url } });

test('loopback, private, link-local, metadata and mapped addresses, and plain http, are refused at save and at test', async () => {
  for (const url of [
    'https://127.0.0.1/hook', 'https://localhost/hook', 'https://[::1]/hook', 'https://10.1.2.3/hook', 'https://192.168.0.10/hook',
    'https://172.20.0.1/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::ffff:127.0.0.1]/hook', 'https://[fd00::1]/hook',
    'https://0.0.0.0/hook', 'http://93.184.215.14/hook',
  ]) {
    await expectError(await create(url), 400, 'hook.endpoint_not_allowed');
  }
  const hook = await create('https://93.184.215.14/hook');
  expect(hook.status).toBe(201);
  const { id } = (await hook.json()) as { id: string };
  await expectError(await api.send('PATCH', `/hooks/${id}`, { config: { url: 'https://127.0.0.1/x' } }), 400, 'hook.endpoint_not_allowed');
  await expectError(await api.send('POST', `/hooks/${id}/test`, { events: ['User.Created'], config: { url: receiver.url } }), 400, 'hook.endpoint_not_allowed');
  expect(receiver.received).toEqual([]);
});

test('an address that became private after the save is refused when the attempt connects, and not tried again', async () => {
  const hook = await create('https://93.184.215.14/hook');
  const { id } = (await hook.json()) as { id: string };
  // As if the name now resolved to this machine: the stored URL is the receiver's.
  await server.db.update(hooks).set({ config: { url: receiver.url, retries: 3 } }).where(eq(hooks.id, id));
  expect((await api.send('POST', '/users', { username: 'probe_user' })).status).toBe(201);
  const [row] = await eventually(async () => {
    const rows = await server.db.select().from(hookDeliveries).where(eq(hookDeliveries.hookId, id));
    return rows[0]?.status === 'failed' ? rows : undefined;
  });
  expect(row).toMatchObject({ attempt: 1, lastStatus: null });
  expect(row!.lastError).toMatch(/not a public address/);
  const logs = z.array(hookLogGuard).parse(await (await api.send('GET', `/hooks/${id}/recent-logs`)).json());
  expect(logs.map((entry) => [entry.payload.result, entry.payload.error?.includes('not a public address')])).toEqual([['Error', true]]);
  expect(receiver.received).toEqual([]);
});

test("the server's own dev webhook inbox is allowed, and receives", async () => {
  const inbox = new URL(server.devMailboxUrl!);
  inbox.pathname = '/dev/webhooks/ssrf';
  const created = await create(inbox.href);
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await api.send('POST', `/hooks/${id}/test`, { events: ['User.Created'], config: { url: inbox.href } })).status).toBe(204);
  const listed = (await (await fetch(inbox)).json()) as { requests: { body: string; headers: Record<string, string> }[] };
  expect(listed.requests.map((request) => JSON.parse(request.body).event)).toEqual(['User.Created']);
  expect(listed.requests[0]!.headers['webhook-signature']).toMatch(/^v1,/);
  const withoutToken = new URL(inbox);
  withoutToken.search = '';
  expect((await fetch(withoutToken)).status).toBe(404);
});

test('the address classes', () => {
  for (const address of ['127.0.0.1', '10.0.0.1', '100.64.1.1', '169.254.169.254', '172.31.255.255', '192.168.1.1', '::1', '::', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a9fe:a9fe', '224.0.0.1']) {
    expect([address, isNonPublicAddress(address)]).toEqual([address, true]);
  }
  for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:1.1.1.1']) expect([address, isNonPublicAddress(address)]).toEqual([address, false]);
});
