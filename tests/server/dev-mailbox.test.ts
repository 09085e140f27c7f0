import { execFile } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { tenantGuard } from '#schemas/tenant.ts';
import { invitationGuard } from '#schemas/invitation.ts';
import { loadConfig } from '#server/config.ts';
import { devMailboxToken } from '#server/mail/dev-mailbox.ts';
import { readDevMailbox, startServer } from '../support/server.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer } from './support.ts';
import * as z from 'zod/mini';
import { alteredSecret } from '../support/samples.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('cloud');
});
afterAll(() => server?.close());

/** The mailbox URL of `target` with its path and query changed. */
const mailbox = (target: TestServer, { json = false, token, origin }: { json?: boolean; token?: string; origin?: string }) => {
  const url = new URL(target.devMailboxUrl!);
  if (json) url.pathname += '.json';
  if (token === undefined) url.searchParams.delete('token');
  else url.searchParams.set('token', token);
  return origin ? `${origin}${url.pathname}${url.search}` : url.href;
};

/** An address of this machine off the loopback interface: a socket to it has a non-loopback remote address. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe('the dev mailbox', () => {
  test('a server process prints its URL with the token, which opens it', async () => {
    const started = await startServer({ edition: 'cloud' });
    try {
      const printed = started.devMailboxUrl();
      expect(printed).toMatch(new RegExp(`^${started.url}/dev/mailbox\\?token=[\\w-]{43}$`));
      expect((await fetch(printed!)).status).toBe(200);
      expect(await readDevMailbox(printed, 'nobody@example.com')).toEqual([]);
    } finally {
      await started.stop();
    }
  });

  test('keeps its token in the database and answers 404 without it or with a wrong one', async () => {
    const token = await devMailboxToken(server.db);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(new URL(server.devMailboxUrl!).searchParams.get('token')).toBe(token);
    for (const json of [false, true]) {
      expect((await fetch(mailbox(server, { json }))).status).toBe(404);
      expect((await fetch(mailbox(server, { json, token: '' }))).status).toBe(404);
      expect((await fetch(mailbox(server, { json, token: alteredSecret(token) }))).status).toBe(404);
      expect((await fetch(mailbox(server, { json, token }))).status).toBe(200);
    }
  });

  test('its 404, like every answer, is never cached and runs nothing', async () => {
    for (const url of [mailbox(server, {}), mailbox(server, { json: true }), `${server.url}/no-such-page`]) {
      const response = await fetch(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    }
  });

  test('refuses a request a proxy forwards, even with the token', async () => {
    const url = mailbox(server, { json: true, token: await devMailboxToken(server.db) });
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect((await fetch(url, { headers: { [header]: '203.0.113.9' } })).status).toBe(404);
    }
  });

  test.skipIf(!outsideAddress)('refuses a client off the loopback interface, even with the token', async () => {
    const url = mailbox(server, { json: true, token: await devMailboxToken(server.db), origin: `http://${outsideAddress}:${server.port}` });
    expect((await fetch(url)).status).toBe(404);
    // The same socket reaches the server: only the mailbox refuses it.
    expect((await fetch(`http://${outsideAddress}:${server.port}/health`)).status).toBe(200);
  });

  test.skipIf(!outsideAddress)('with DEV_MAILBOX=1 answers any client that has the token, and still no one without it', async () => {
    const open = await startTestServer('cloud', { DEV_MAILBOX: '1' });
    try {
      const origin = `http://${outsideAddress}:${open.port}`;
      expect((await fetch(mailbox(open, { json: true, token: await devMailboxToken(open.db), origin }))).status).toBe(200);
      expect((await fetch(mailbox(open, { json: true, origin }))).status).toBe(404);
    } finally {
      await open.close();
    }
  });

  test('without the token nobody can take over an invitation by reading the invitee\'s code', async () => {
    const [admin, attacker] = await Promise.all([signUpUser(server, 'owner'), signUpUser(server, 'attacker')]);
    const created = await call(`${server.url}/api/tenants`, await admin.cloudToken(), 'POST', { name: 'Victim' });
    const tenant = tenantGuard.parse(await created.json());
    const victim = `victim.${attacker.id}@example.com`;
    const invited = await call(`${server.url}/api/tenants/${tenant.id}/invitations`, await admin.cloudToken(), 'POST', {
      invitee: [victim],
      roleName: 'admin',
    });
    const [invitation] = z.array(invitationGuard).parse(await invited.json());

    const meToken = await attacker.session.accessToken(resourceIndicators.me);
    expect((await call(`${server.url}/me/verification-codes`, meToken, 'POST', { email: victim })).status).toBe(204);
    for (const headers of [{}, { 'x-forwarded-for': '203.0.113.9' }] as Record<string, string>[]) {
      const read = await fetch(`${server.url}/dev/mailbox.json?${new URLSearchParams({ to: victim })}`, { headers });
      expect(read.status).toBe(404);
    }
    await expectError(await call(`${server.url}/me/primary-email`, meToken, 'PATCH', { email: victim }), 403, 'user.verification_required');
    const accept = await call(`${server.url}/api/invitations/${invitation!.id}/status`, await attacker.cloudToken(), 'PATCH', { status: 'Accepted' });
    await expectError(accept, 403, 'invitation.email_mismatch');
    // The code did go to the invitee's address, where only the token's holder can read it.
    expect((await readDevMailbox(server.devMailboxUrl, victim)).length).toBe(2);
  });
});

const root = path.resolve(import.meta.dirname, '../..');
const runMain = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['server/main.ts'],
      { cwd: root, env: { ...process.env, PGLITE_DIR: 'memory://', DATABASE_URL: '', SMTP_URL: '', DEV_MAILBOX: '', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });

describe('a public PUBLIC_URL without SMTP_URL', () => {
  const publicUrl = 'https://id.example.com';
  const refusal = /^PUBLIC_URL https:\/\/id\.example\.com is not a loopback address and SMTP_URL is not set.*DEV_MAILBOX=1/;

  test('is refused by the configuration, in one line, unless DEV_MAILBOX=1 or SMTP_URL is set', () => {
    expect(() => loadConfig({ PUBLIC_URL: publicUrl })).toThrow(refusal);
    const behindProxy = { PUBLIC_URL: publicUrl, TRUST_PROXY: '1' };
    expect(() => loadConfig(behindProxy)).toThrow(refusal);
    expect(loadConfig({ ...behindProxy, DEV_MAILBOX: '1' })).toMatchObject({ publicUrl, devMailbox: true });
    expect(loadConfig({ ...behindProxy, SMTP_URL: 'smtp://relay.example.com' }).smtpUrl).toBe('smtp://relay.example.com');
    for (const local of ['http://localhost:3001', 'http://127.0.0.2:3001', 'http://[::1]:3001']) {
      expect(loadConfig({ PUBLIC_URL: local }).publicUrl).toBe(local);
    }
    expect(() => loadConfig({ DEV_MAILBOX: 'yes' })).toThrow('DEV_MAILBOX must be 1 or 0, got "yes"');
  });

  test('stops the server process with that one line and no stack', async () => {
    const { code, stdout, stderr } = await runMain({ PUBLIC_URL: publicUrl, TRUST_PROXY: '1', PORT: '0' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(refusal)]);
  });
});
