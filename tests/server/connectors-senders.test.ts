import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectorResponseGuard, templateUsageTypes } from '#schemas/connector.ts';
import { locales } from '#schemas/locales.ts';
import { deleteExpiredRows, devMailRetentionMs } from '#server/db/cleanup.ts';
import { connectors } from '#server/db/idp.ts';
import { devSmsOutbox } from '#server/db/schema.ts';
import { connectorTexts } from '#server/tenant/connectors/catalogue/index.ts';
import { smtpHint } from '#server/tenant/connectors/factories/smtp.ts';
import { httpSmsFactory } from '#server/tenant/connectors/factories/http-message.ts';
import { sendConnectorMessage, sendWith } from '#server/tenant/connectors/runtime.ts';
import { freePort } from '../support/server.ts';
import { adminOf, connectorsApi, devMailTo, devSmsTo, startHttpSink, startSmtpSink, type ConnectorsApi } from './connectors-support.ts';
import { expectError, startTestServer, type TestServer } from './support.ts';

/** The e-mail and SMS connectors sending for real: the dev mailbox and outbox, a local SMTP server, local HTTP endpoints. */

let server: TestServer;
let api: ConnectorsApi;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let http: Awaited<ReturnType<typeof startHttpSink>>;

beforeAll(async () => {
  server = await startTestServer('cloud');
  api = await connectorsApi(server, await adminOf(server));
  smtp = await startSmtpSink();
  http = await startHttpSink();
});
afterAll(async () => {
  await Promise.all([smtp?.stop(), http?.stop()]);
  await server?.close();
});

const testSend = (factoryId: string, body: Record<string, unknown>) => api.send('POST', `/connectors/${factoryId}/test`, body);
const smtpConfig = (port: number, extra: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  username: 'acme-mailer',
  password: 'smtp-secret-7788',
  fromAddress: 'no-reply@acme.test',
  fromName: 'Acme',
  ...extra,
});

describe('Dev mailbox', () => {
  test('the test send puts the Generic code 000000 from the sender name into the dev mailbox, with the company information', async () => {
    const config = { senderName: 'Acme', companyInformation: 'Acme Inc., 1 Main Street' };
    expect((await testSend('dev-mailbox', { email: 'me@example.com', config })).status).toBe(204);
    const [mail] = await devMailTo(server, 'me@example.com');
    expect(mail).toMatchObject({ from: 'Acme', subject: connectorTexts.en.templates.Generic.subject });
    expect(mail!.text).toContain('000000');
    expect(mail!.text).toContain('Acme Inc., 1 Main Street');
  });

  test('a URL in the sender name or the company information is refused with the spec\'s messages, and nothing is sent', async () => {
    for (const [config, path, message, problem] of [
      [{ senderName: 'https://x.y' }, 'config.senderName', 'URL is not allowed in sender name.', 'sender_name_url'],
      [{ senderName: 'Acme', companyInformation: 'Visit www.acme.test' }, 'config.companyInformation', 'URL is not allowed in company information.', 'company_information_url'],
    ] as const) {
      for (const response of [await testSend('dev-mailbox', { email: 'url@example.com', config }), await api.send('POST', '/connectors', { connectorId: 'dev-mailbox', config })]) {
        const body = await expectError(response, 400, 'connector.invalid_config_guard');
        expect(body.details).toEqual([{ path, code: 'custom', message, params: { problem } }]);
      }
    }
    expect(await devMailTo(server, 'url@example.com')).toEqual([]);
    const saved = await server.db.select().from(connectors).where(eq(connectors.tenantId, api.tenantId));
    expect(saved.filter((row) => row.connectorId === 'dev-mailbox')).toEqual([]);
  });

  test('the saved connector sends each usage in the end user\'s language through the runtime', async () => {
    const created = await api.send('POST', '/connectors', { connectorId: 'dev-mailbox', config: { senderName: 'Acme' } });
    expect(created.status).toBe(200);
    const sent = await sendConnectorMessage(server.db, api.tenantId, 'Email', { to: 'ja@example.com', usage: 'SignIn', code: '123456', locale: 'ja' });
    expect(sent).toEqual({ ok: true, value: undefined });
    const [mail] = await devMailTo(server, 'ja@example.com');
    expect(mail).toMatchObject({ subject: connectorTexts.ja.templates.SignIn.subject, text: connectorTexts.ja.templates.SignIn.text.replace('{{code}}', '123456') });
    expect(await sendConnectorMessage(server.db, api.tenantId, 'Sms', { to: '+15550100', usage: 'SignIn', code: '1', locale: 'en' })).toMatchObject({
      ok: false,
      error: { code: 'not_implemented' },
    });
  });
});

test('every usage has a default template with its variable in every shipped language', () => {
  for (const locale of locales) {
    for (const usage of templateUsageTypes) {
      const { subject, text } = connectorTexts[locale].templates[usage];
      expect(subject.length, `${locale} ${usage}`).toBeGreaterThan(0);
      expect(text, `${locale} ${usage}`).toContain(usage === 'OrganizationInvitation' ? '{{link}}' : '{{code}}');
    }
  }
});

describe('SMTP', () => {
  test('the test send reaches a local SMTP server, signed in with the username and password, from the from name and address', async () => {
    expect((await testSend('smtp', { email: 'smtp@example.com', config: smtpConfig(smtp.port), locale: 'de' })).status).toBe(204);
    const delivered = smtp.received.at(-1)!;
    expect(delivered).toMatchObject({ user: 'acme-mailer', password: 'smtp-secret-7788' });
    expect(delivered.mail.from?.value).toEqual([{ name: 'Acme', address: 'no-reply@acme.test' }]);
    expect(delivered.mail.subject).toBe(connectorTexts.de.templates.Generic.subject);
    expect(delivered.mail.text).toContain('000000');
  });

  test('a wrong port answers the network error with the hint; TLS against a plain server too', async () => {
    const refused = await expectError(await testSend('smtp', { email: 'smtp@example.com', config: smtpConfig(await freePort()) }), 400, 'connector.general');
    expect(refused.message).toMatch(/ECONNREFUSED/);
    expect(refused.message).toContain('465 usually means TLS, 587 STARTTLS');
    const tls = await expectError(await testSend('smtp', { email: 'smtp@example.com', config: smtpConfig(smtp.port, { security: 'TLS' }) }), 400, 'connector.general');
    expect(tls.message).toContain('465 usually means TLS, 587 STARTTLS');
  });

  test('the hint names the security a port usually goes with', () => {
    expect(smtpHint(465, 'STARTTLS')).toBe('Port 465 usually expects TLS: set Security to TLS.');
    expect(smtpHint(587, 'TLS')).toBe('Port 587 usually expects STARTTLS: set Security to STARTTLS.');
    expect(smtpHint(2525, 'none')).toBe('Check the host and the port: 465 usually means TLS, 587 STARTTLS.');
  });

  test('an own template for a usage replaces the built-in one; a malformed list is refused', async () => {
    const templates = [{ usageType: 'Generic', subject: 'Test from Acme', content: 'Code: {{code}}' }];
    expect((await testSend('smtp', { email: 'own@example.com', config: smtpConfig(smtp.port, { templates }) })).status).toBe(204);
    expect(smtp.received.at(-1)!.mail).toMatchObject({ subject: 'Test from Acme', text: 'Code: 000000' });
    const body = await expectError(await testSend('smtp', { email: 'own@example.com', config: smtpConfig(smtp.port, { templates: [{ usageType: 'Nope' }] }) }), 400, 'connector.invalid_config_guard');
    expect(body.details).toEqual([expect.objectContaining({ path: 'config.templates' })]);
  });

  test('the saved password is sealed, answered as null, kept by a PATCH without it, and used by a test send of the saved connector', async () => {
    const created = connectorResponseGuard.parse(await (await api.send('POST', '/connectors', { connectorId: 'smtp', config: smtpConfig(smtp.port) })).json());
    expect(created.config).toMatchObject({ username: 'acme-mailer', password: null });
    const [row] = await server.db.select().from(connectors).where(eq(connectors.id, created.id));
    expect(JSON.stringify(row)).not.toContain('smtp-secret-7788');
    expect(row!.sealedSecrets).toMatch(/^v1\./);
    const patched = await api.send('PATCH', `/connectors/${created.id}`, { config: { ...created.config, fromName: 'Acme Mail' } });
    expect(connectorResponseGuard.parse(await patched.json()).config).toMatchObject({ fromName: 'Acme Mail', password: null });
    expect((await testSend('smtp', { id: created.id, email: 'saved@example.com', config: { ...created.config, fromName: 'Acme Mail' } })).status).toBe(204);
    expect(smtp.received.at(-1)).toMatchObject({ user: 'acme-mailer', password: 'smtp-secret-7788' });
  });
});

describe('HTTP e-mail and SMS', () => {
  test('POST { to, type, payload } JSON with the Authorization header; a refusal is the endpoint\'s words, 429 rate limited', async () => {
    const config = { endpoint: http.url, authorization: 'Bearer sink-token' };
    expect((await testSend('http-email', { email: 'hook@example.com', config })).status).toBe(204);
    expect(http.received.at(-1)).toMatchObject({
      headers: { authorization: 'Bearer sink-token', 'content-type': 'application/json' },
      body: { to: 'hook@example.com', type: 'Generic', payload: { code: '000000', locale: 'en', subject: connectorTexts.en.templates.Generic.subject } },
    });
    expect((await testSend('http-sms', { phone: '+1 555 0100', config })).status).toBe(204);
    expect(http.received.at(-1)!.body).toMatchObject({ to: '+1 555 0100', type: 'Generic', payload: { code: '000000' } });
    http.answerWith(500, 'mailbox full');
    expect((await expectError(await testSend('http-email', { email: 'hook@example.com', config }), 400, 'connector.general')).message).toBe('The endpoint answered 500: mailbox full');
    http.answerWith(429, 'slow down');
    await expectError(await testSend('http-sms', { phone: '+15550100', config }), 429, 'connector.rate_limit_exceeded');
    http.answerWith(200, 'ok');
    const down = await expectError(await testSend('http-email', { email: 'x@example.com', config: { endpoint: `http://127.0.0.1:${await freePort()}/` } }), 400, 'connector.general');
    expect(down.message).toMatch(/^The endpoint could not be reached/);
  });

  test('an endpoint that is not an http(s) URL, or a phone sent to an e-mail connector, is refused', async () => {
    const body = await expectError(await testSend('http-email', { email: 'x@example.com', config: { endpoint: 'ftp://x' } }), 400, 'connector.invalid_config_guard');
    expect(body.details).toEqual([expect.objectContaining({ path: 'config.endpoint' })]);
    await expectError(await testSend('http-email', { phone: '+15550100', config: { endpoint: http.url } }), 400, 'guard.invalid_input');
  });
});

test('an endpoint that does not answer in time is a clear connector error, not a hang', async () => {
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  const quick: typeof fetch = (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(300) });
  const context = { db: server.db, tenantId: api.tenantId, config: { endpoint: `http://127.0.0.1:${port}/` }, connectorId: 'c', fetch: quick };
  const sent = await sendWith(httpSmsFactory, context, { to: '+15550100', usage: 'SignIn', code: '123456', locale: 'en' });
  expect(sent).toEqual({ ok: false, error: { code: 'general', message: 'The endpoint did not answer in time.' } });
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

test('Dev SMS outbox: the test send is on /dev/sms.json and /dev/sms, which need the token', async () => {
  expect((await testSend('dev-sms', { phone: '+15550123', config: { senderLabel: 'Acme' } })).status).toBe(204);
  const [sms] = await devSmsTo(server, '+15550123');
  expect(sms).toMatchObject({ to: '+15550123', from: 'Acme' });
  expect(sms!.text).toContain('000000');
  const page = new URL(server.devMailboxUrl!);
  page.pathname = '/dev/sms';
  const html = await (await fetch(page)).text();
  expect(html).toContain('+15550123');
  expect((await fetch(`${server.url}/dev/sms.json`)).status).toBe(404);
  expect((await fetch(`${server.url}/dev/sms`)).status).toBe(404);
});

test('the dev SMS outbox keeps a week of messages, as the dev mailbox does', async () => {
  await server.db.insert(devSmsOutbox).values({ id: 'old-sms', to: '+15550999', text: 'old', createdAt: new Date(Date.now() - devMailRetentionMs - 60_000) });
  await server.db.insert(devSmsOutbox).values({ id: 'new-sms', to: '+15550999', text: 'new' });
  await deleteExpiredRows(server.db, server.config);
  expect((await devSmsTo(server, '+15550999')).map((sms) => sms.text)).toEqual(['new']);
});
