import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminOf, connectorsApi, selfSignedCertificate, startSmtpSink, type ConnectorsApi } from './connectors-support.ts';
import { expectError, startTestServer, type TestServer } from './support.ts';

/**
 * The SMTP connector over TLS, against local SMTP servers with a self-signed certificate made for the test: from the
 * first byte (`TLS`, as on port 465) and after STARTTLS (as on 587). A certificate no authority signed is refused with
 * connector.invalid_certificate and what to do, until the admin pastes it as the trusted certificate; then the message
 * goes over TLS, with the password only inside it.
 */
let server: TestServer;
let api: ConnectorsApi;
const certificate = selfSignedCertificate();
const sinks = {} as Record<'implicit' | 'starttls', Awaited<ReturnType<typeof startSmtpSink>>>;

beforeAll(async () => {
  server = await startTestServer('cloud');
  api = await connectorsApi(server, await adminOf(server));
  [sinks.implicit, sinks.starttls] = await Promise.all([startSmtpSink({ mode: 'implicit', ...certificate }), startSmtpSink({ mode: 'starttls', ...certificate })]);
});
afterAll(async () => {
  await Promise.all(Object.values(sinks).map((sink) => sink.stop()));
  await server?.close();
});

const testSend = (config: Record<string, unknown>) => api.send('POST', '/connectors/smtp/test', { email: 'tls@example.com', config });
const config = (mode: 'implicit' | 'starttls', extra: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: sinks[mode].port,
  security: mode === 'implicit' ? 'TLS' : 'STARTTLS',
  username: 'acme-mailer',
  password: 'smtp-secret-7788',
  fromAddress: 'no-reply@acme.test',
  ...extra,
});

describe.each(['implicit', 'starttls'] as const)('SMTP with %s TLS', (mode) => {
  test('a self-signed certificate is refused as connector.invalid_certificate with what to do; nothing is sent', async () => {
    const refused = await expectError(await testSend(config(mode)), 400, 'connector.invalid_certificate');
    expect(refused.message).toContain("The SMTP server's certificate is not trusted: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT).");
    expect(refused.message).toContain('paste it, or its authority\'s, in Trusted certificate');
    expect(sinks[mode].received).toEqual([]);
  });

  test('another certificate pasted as trusted does not make it trusted', async () => {
    const other = selfSignedCertificate().cert;
    await expectError(await testSend(config(mode, { certificate: other })), 400, 'connector.invalid_certificate');
    expect(sinks[mode].received).toEqual([]);
  });

  test('with its certificate pasted as trusted, the message goes over TLS, signed in with the username and password', async () => {
    expect((await testSend(config(mode, { certificate: certificate.cert }))).status).toBe(204);
    const [delivered] = sinks[mode].received;
    expect(delivered).toMatchObject({ secure: true, user: 'acme-mailer', password: 'smtp-secret-7788' });
    expect(delivered!.mail.text).toContain('000000');
  });
});

test('STARTTLS against a server that does not offer it is refused, never sent in the clear', async () => {
  const plain = await startSmtpSink();
  try {
    const refused = await expectError(await testSend({ ...config('starttls'), port: plain.port }), 400, 'connector.general');
    expect(refused.message).toMatch(/^The SMTP server refused STARTTLS \(it answered: 500 .*\), so nothing was sent\. Set Security to TLS/);
    expect(plain.received).toEqual([]);
  } finally {
    await plain.stop();
  }
});

test('a trusted certificate that is not a PEM certificate is refused by the guard, on its field', async () => {
  const body = await expectError(await testSend(config('implicit', { certificate: 'not a certificate' })), 400, 'connector.invalid_config_guard');
  expect(body.details).toEqual([{ path: 'config.certificate', code: 'custom', message: 'Must be a certificate in PEM (-----BEGIN CERTIFICATE-----).', params: { problem: 'certificate' } }]);
});
