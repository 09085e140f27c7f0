import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { hookGuard, type Hook } from '#schemas/webhook.ts';
import { openTenant } from './contract/management-resource.ts';
import { call, type TestServer, type TestUser } from './support.ts';

export type Received = { headers: IncomingMessage['headers']; raw: string; body: Record<string, unknown>; at: number };

/**
 * A local webhook receiver: keeps each request with its raw body and arrival time, and answers what `answer` says
 * (200 by default); `hold` keeps requests unanswered until released (a send under way).
 */
export const startReceiver = async () => {
  const received: Received[] = [];
  let answer: (request: Received) => { status: number; body?: string; headers?: Record<string, string> } = () => ({ status: 200, body: 'ok' });
  let holding = false;
  const held: Array<() => void> = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const entry = { headers: request.headers, raw, body: JSON.parse(raw || '{}') as Record<string, unknown>, at: Date.now() };
      received.push(entry);
      const reply = () => {
        const { status, body = '', headers = {} } = answer(entry);
        response.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
      };
      if (holding) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answerWith: (fn: typeof answer) => (answer = fn),
    hold: () => (holding = true),
    release: () => {
      holding = false;
      for (const reply of held.splice(0)) reply();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Whether the request carries a Standard Webhooks signature made with `signingKey` over its exact body. */
export const verifiesWith = (signingKey: string, request: Received) => {
  try {
    new Webhook(signingKey).verify(request.raw, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  }
};

/** A tenant's management API with its hooks' helpers. */
export const hooksApi = async (server: TestServer, admin: TestUser, planId: string) => {
  const api = await openTenant(server, admin, planId);
  const send = (method: string, path: string, body?: unknown, token = api.token) => call(`${api.base}${path}`, token, method, body);
  return {
    ...api,
    send,
    createHook: async (body: Record<string, unknown>): Promise<Hook> => {
      const response = await send('POST', '/hooks', body);
      if (response.status !== 201) throw new Error(`create hook: ${response.status} ${await response.text()}`);
      return hookGuard.parse(await response.json());
    },
  };
};
export type HooksApi = Awaited<ReturnType<typeof hooksApi>>;

/** Polls until `check` answers a value (not undefined), or fails after `timeoutMs`. */
export const eventually = async <T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000, stepMs = 50): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
};
