import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { organizationIdOf } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { call, signUpUser, type TestServer, type TestUser } from './support.ts';

/** A local SMTP server that keeps what it receives (no TLS), and the credentials each session signed in with. */
export const startSmtpSink = async () => {
  const received: Array<{ mail: ParsedMail; user?: string; password?: string }> = [];
  const logins = new Map<string, { user: string; password: string }>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth: (auth, session, done) => {
      logins.set(session.id, { user: auth.username ?? '', password: auth.password ?? '' });
      done(null, { user: auth.username });
    },
    onData: (stream, session, done) => {
      simpleParser(stream).then(
        (mail) => {
          received.push({ mail, ...logins.get(session.id) });
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
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
