import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { invitationGuard } from '#schemas/invitation.ts';
import { tenantGuard } from '#schemas/tenant.ts';
import { call, signUpUser, startTestServer, type TestServer } from './support.ts';
import * as z from 'zod/mini';

type Received = { from: string; to: string[]; data: string };

const replies: Record<string, string> = {
  EHLO: '250-localhost\r\n250 SIZE 1000000\r\n',
  HELO: '250 localhost\r\n',
  DATA: '354 go ahead\r\n',
};

/** A minimal SMTP receiver (no TLS, no auth), standing in for the mail relay at the edge. */
const startSmtpReceiver = async () => {
  const received: Received[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let message: Received = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(message);
            message = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else message.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'MAIL') message.from = line;
        if (command === 'RCPT') message.to.push(line);
        if (command === 'DATA') inData = true;
        if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(replies[command] ?? '250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer('cloud', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Gatehouse <invites@example.com>' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

test('with SMTP_URL the invitation goes out over SMTP with the accept link, and there is no dev mailbox', async () => {
  const admin = await signUpUser(server, 'smtp');
  const tenant = tenantGuard.parse(await (await call(`${server.url}/api/tenants`, await admin.cloudToken(), 'POST', { name: 'Mailed' })).json());
  const response = await call(`${server.url}/api/tenants/${tenant.id}/invitations`, await admin.cloudToken(), 'POST', {
    invitee: ['relay@example.com'],
    roleName: 'collaborator',
  });
  expect(response.status).toBe(201);
  const [invitation] = z.array(invitationGuard).parse(await response.json());
  expect(smtp.received).toHaveLength(1);
  const [mail] = smtp.received;
  expect(mail!.from).toContain('<invites@example.com>');
  expect(mail!.to).toEqual([expect.stringContaining('<relay@example.com>')]);
  expect(mail!.data).toContain('Subject: You are invited to join Mailed on Gatehouse');
  expect(mail!.data.replace(/=\n/g, '')).toContain(`${server.url}/console/accept/${invitation!.id}`);
  expect((await fetch(`${server.url}/dev/mailbox.json`)).status).toBe(404);
  expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(404);
});

test('when the relay cannot be reached the invitation is kept and the answer is 503 invitation.mail_failed', async () => {
  const unreachable = await startTestServer('cloud', { SMTP_URL: 'smtp://127.0.0.1:1' });
  try {
    const admin = await signUpUser(unreachable, 'nomail');
    const tenant = tenantGuard.parse(await (await call(`${unreachable.url}/api/tenants`, await admin.cloudToken(), 'POST', { name: 'Quiet' })).json());
    const path = `${unreachable.url}/api/tenants/${tenant.id}/invitations`;
    const response = await call(path, await admin.cloudToken(), 'POST', { invitee: ['later@example.com'], roleName: 'collaborator' });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'invitation.mail_failed' });
    const list = z.array(invitationGuard).parse(await (await call(path, await admin.cloudToken(), 'GET')).json());
    expect(list.map((item) => [item.invitee, item.status])).toEqual([['later@example.com', 'Pending']]);
  } finally {
    await unreachable.close();
  }
});
