import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runtimeConfigElementId, runtimeConfigGuard } from '#schemas/config.ts';
import { planIds } from '#schemas/quota.ts';
import { devInboxGuard } from '#schemas/webhook.ts';
import { eventually, hooksApi, type HooksApi } from './hooks-support.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer } from './support.ts';

/**
 * The dev webhook inbox offered to the console (webhooks.md §7, idea 2): the runtime config says whether the server
 * serves it, and GET /hooks/dev-inbox gives a signed-in admin the URL of a tenant's own inbox, whose token opens that
 * inbox only, never the dev mailbox nor another tenant's inbox. Where mail goes over SMTP there is none.
 */

let consoleDir: string;
let server: TestServer;
let api: HooksApi;

beforeAll(async () => {
  consoleDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-inbox-console-'));
  await writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><html><head><title>Console</title></head><body></body></html>');
  // The cloud edition, without the private-address setting: the server's own inbox is allowed all the same.
  server = await startTestServer('cloud', { CONSOLE_DIR: consoleDir });
  api = await hooksApi(server, await signUpUser(server, 'inboxadmin'), planIds.development);
});
afterAll(async () => {
  await server?.close();
  await rm(consoleDir, { recursive: true, force: true });
});

const runtimeConfigOf = async (target: TestServer) => {
  const html = await (await fetch(`${target.url}/console/`)).text();
  const match = new RegExp(`<script id="${runtimeConfigElementId}" type="application/json">(.*?)</script>`).exec(html);
  return runtimeConfigGuard.parse(JSON.parse(match?.[1] ?? 'null'));
};
const inboxOf = async (tenant: HooksApi, query = '') => {
  const response = await tenant.send('GET', `/hooks/dev-inbox${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return new URL(devInboxGuard.parse(await response.json()).url);
};
const withToken = (url: URL, pathname: string) => `${url.origin}${pathname}${url.search}`;

describe('with the dev mailbox (no SMTP_URL)', () => {
  test('the runtime config says the console may offer the inbox', async () => {
    expect((await runtimeConfigOf(server)).devWebhookInbox).toBe(true);
  });

  test("an admin gets the URL of the tenant's inbox, with a token that opens that inbox only", async () => {
    const inbox = await inboxOf(api, '?name=crm');
    expect(inbox.origin + inbox.pathname).toBe(`${server.url}/dev/webhooks/crm-${api.tenantId}`);
    const token = inbox.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(new URL(server.devMailboxUrl!).searchParams.get('token'));
    expect((await inboxOf(api)).pathname).toBe(`/dev/webhooks/inbox-${api.tenantId}`);

    expect(await (await fetch(inbox)).json()).toEqual({ name: `crm-${api.tenantId}`, status: 200, requests: [] });
    const status = await fetch(withToken(inbox, `${inbox.pathname}/status`), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"status":200}' });
    expect(status.status).toBe(204);
    for (const pathname of ['/dev/mailbox', '/dev/mailbox.json', '/dev/sms.json', `/dev/webhooks/inbox-${api.tenantId}`, `/dev/webhooks/crm-${api.tenantId}x`]) {
      expect((await fetch(withToken(inbox, pathname))).status, pathname).toBe(404);
    }
    // Another tenant's inbox of the same name is another inbox, with another token.
    const other = await hooksApi(server, await signUpUser(server, 'inboxother'), planIds.development);
    const theirs = await inboxOf(other, '?name=crm');
    expect(theirs.pathname).toBe(`/dev/webhooks/crm-${other.tenantId}`);
    expect((await fetch(withToken(inbox, theirs.pathname))).status).toBe(404);
  });

  test('a hook to that URL is accepted in the cloud edition, and a user created arrives in the inbox', async () => {
    const inbox = await inboxOf(api, '?name=users');
    await api.createHook({ name: 'Inbox', events: ['User.Created'], config: { url: inbox.href } });
    const created = await api.send('POST', '/users', { username: 'inboxed' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const [request] = await eventually(async () => {
      const { requests } = (await (await fetch(inbox)).json()) as { requests: { body: string }[] };
      return requests.length > 0 ? requests : undefined;
    });
    expect(JSON.parse(request!.body)).toMatchObject({ event: 'User.Created', data: { id, username: 'inboxed' } });
  });

  test('a name that is not letters, digits, _ or - (or too long) is a 400; no token is a 401', async () => {
    for (const name of ['a/b', 'a.b', '', 'x'.repeat(41)]) {
      await expectError(await api.send('GET', `/hooks/dev-inbox?name=${encodeURIComponent(name)}`), 400, 'guard.invalid_input');
    }
    await expectError(await call(`${api.base}/hooks/dev-inbox`, undefined, 'GET'), 401, 'auth.authorization_header_missing');
  });
});

describe('with SMTP_URL (mail really goes out)', () => {
  let smtpServer: TestServer;
  beforeAll(async () => {
    smtpServer = await startTestServer('cloud', { SMTP_URL: 'smtp://127.0.0.1:1', CONSOLE_DIR: consoleDir });
  });
  afterAll(() => smtpServer?.close());

  test('the runtime config offers no inbox, the route answers 404, and the inbox is not served', async () => {
    expect((await runtimeConfigOf(smtpServer)).devWebhookInbox).toBe(false);
    const tenant = await hooksApi(smtpServer, await signUpUser(smtpServer, 'smtpadmin'), planIds.development);
    await expectError(await tenant.send('GET', '/hooks/dev-inbox'), 404, 'route.not_found');
    expect((await fetch(`${smtpServer.url}/dev/webhooks/crm-${tenant.tenantId}?token=x`)).status).toBe(404);
  });
});
