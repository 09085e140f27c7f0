import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { organizationIdOf } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { call, signUpUser, type TestServer, type TestUser } from './support.ts';

/** A self-signed certificate for 127.0.0.1 and its key (PEM), made by the machine's openssl for one day. */
export const selfSignedCertificate = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-cert-'));
  const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const pair = { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  rmSync(folder, { recursive: true });
  return pair;
};

/**
 * A local SMTP server that keeps what it receives, whether it came over TLS, and the credentials each session signed in
 * with. Without `tls` it speaks plain SMTP only; with it, TLS from the first byte (`implicit`, as on port 465) or after
 * STARTTLS (`starttls`, as on 587), with that certificate.
 */
export const startSmtpSink = async (tls?: { mode: 'implicit' | 'starttls'; key: string; cert: string }) => {
  const received: Array<{ mail: ParsedMail; secure: boolean; user?: string; password?: string }> = [];
  const logins = new Map<string, { user: string; password: string }>();
  const server = new SMTPServer({
    ...(tls ? { secure: tls.mode === 'implicit', key: tls.key, cert: tls.cert } : { disabledCommands: ['STARTTLS'] }),
    authOptional: true,
    logger: false,
    onAuth: (auth, session, done) => {
      logins.set(session.id, { user: auth.username ?? '', password: auth.password ?? '' });
      done(null, { user: auth.username });
    },
    onData: (stream, session, done) => {
      simpleParser(stream).then(
        (mail) => {
          received.push({ mail, secure: session.secure, ...logins.get(session.id) });
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
  // A sender that refuses the certificate drops the handshake: the sink lets it go, as a real server does.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** A local HTTP endpoint that keeps each request and answers with the status it is told (200 by default). */
export const startHttpSink = async () => {
  const received: Array<{ headers: IncomingMessage['headers']; body: unknown }> = [];
  let answer = { status: 200, body: 'ok' };
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(text || 'null') });
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    answerWith: (status: number, body: string) => (answer = { status, body }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A tenant's management API on `planId` and its connectors' URLs. */
export const connectorsApi = async (server: TestServer, admin: TestUser, planId: string = planIds.development) => {
  const api = await openTenant(server, admin, planId);
  return {
    ...api,
    connectors: `${api.base}/connectors`,
    scoped: (scope: string) => admin.session.organizationToken(organizationIdOf(api.tenantId), scope),
    send: (method: string, path: string, body?: unknown, token = api.token) => call(`${api.base}${path}`, token, method, body),
  };
};
export type ConnectorsApi = Awaited<ReturnType<typeof connectorsApi>> & ManagementApi;

export const adminOf = (server: TestServer) => signUpUser(server, 'connectors');

/** The dev mailbox's messages to one address (the server's own JSON view, with its token). */
export const devMailTo = async (server: TestServer, to: string) => {
  const url = new URL(server.devMailboxUrl!);
  url.pathname = '/dev/mailbox.json';
  url.searchParams.set('to', to);
  return (await (await fetch(url)).json()) as Array<{ to: string; from: string | null; subject: string; text: string }>;
};

/** The dev SMS outbox's messages to one number. */
export const devSmsTo = async (server: TestServer, to: string) => {
  const url = new URL(server.devMailboxUrl!);
  url.pathname = '/dev/sms.json';
  url.searchParams.set('to', to);
  return (await (await fetch(url)).json()) as Array<{ to: string; from: string | null; text: string }>;
};
