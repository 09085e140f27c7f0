import { readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { maxFormBodyBytes, maxJsonBodyBytes } from '#server/api/body-limits.ts';
import { signUp, startAuthorization } from '../support/oidc-client.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { bearer, expectError, freshPostgresSchema, newAccount } from './support.ts';

const megabyte = 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 'a');

let server: RunningServer;
let dropSchema: (() => Promise<void>) | undefined;
let cloudToken: string;

beforeAll(async () => {
  const schema = await freshPostgresSchema();
  dropSchema = schema?.drop;
  server = await startServer({ edition: 'cloud', databaseUrl: schema?.url });
  cloudToken = await (await signUp(server.url, newAccount('limits'), { edition: 'cloud' })).accessToken(resourceIndicators.cloud);
});
afterAll(async () => {
  await server?.stop();
  await dropSchema?.();
});

/** VmRSS (resident now) or VmHWM (the peak since the last resetPeak) of a process, in bytes. */
const residentBytes = async (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)![1]) * 1024;
};
/** Writing 5 to clear_refs resets the peak resident size to the current one. */
const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');

type Answer = { status: number; body: string };
type Framing = 'content-length' | 'chunked';

/**
 * POSTs a body of `size` bytes over a plain socket, made chunk by chunk as it is sent (so this test holds none of it),
 * with a Content-Length or chunked, and stops sending once the server answers. A plain socket, because Node's HTTP
 * client can drop an answer that comes while it is still sending.
 */
const postLarge = (url: string, headers: Record<string, string>, framing: Framing, size: number) =>
  new Promise<Answer>((resolve, reject) => {
    const target = new URL(url);
    const socket = connect(Number(target.port), target.hostname);
    const length = framing === 'content-length' ? `Content-Length: ${size}` : 'Transfer-Encoding: chunked';
    const head = Object.entries({ host: target.host, ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`POST ${target.pathname} HTTP/1.1\r\n${head.join('')}${length}\r\n\r\n`);
    let received = '';
    let sent = 0;
    const answer = () => {
      const match = /^HTTP\/1\.1 (\d{3}) [^]*?\r\n\r\n([^]*)$/.exec(received);
      return match && { status: Number(match[1]), body: match[2]! };
    };
    const send = () => {
      if (received) return;
      if (sent >= size) {
        if (framing === 'chunked') socket.write('0\r\n\r\n');
        return;
      }
      sent += chunk.length;
      const framed = framing === 'chunked' ? [`${chunk.length.toString(16)}\r\n`, chunk, '\r\n'] : [chunk];
      for (const part of framed.slice(0, -1)) socket.write(part);
      socket.write(framed.at(-1)!, () => setImmediate(send));
    };
    send();
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      received += text;
      const done = answer();
      if (done && Buffer.byteLength(done.body) >= Number(/content-length: (\d+)/i.exec(received)?.[1] ?? 0)) {
        socket.destroy();
        resolve(done);
      }
    });
    // The server closes the connection after answering; what came before the close is the answer.
    socket.on('close', () => {
      const done = answer();
      if (done) resolve(done);
      else reject(new Error(`no answer after ${sent} bytes: ${received}`));
    });
    socket.on('error', () => {});
  });

describe('request bodies are limited while they are read', () => {
  test('JSON bodies up to 64 KiB reach the route; larger ones are a 413', async () => {
    const post = (size: number) =>
      fetch(`${server.url}/api/tenants`, bearer(cloudToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ' '.repeat(size) }));
    await expectError(await post(maxJsonBodyBytes), 400, 'guard.invalid_json');
    const refused = await post(maxJsonBodyBytes + 1);
    const body = await expectError(refused, 413, 'guard.body_too_large');
    expect(body.details).toEqual({ maxBodySize: maxJsonBodyBytes });
  });

  test('form bodies have a smaller limit', async () => {
    const post = (size: number) =>
      fetch(`${server.url}/interaction/none/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `identifier=${'a'.repeat(size - 'identifier='.length)}`,
      });
    expect((await post(maxFormBodyBytes)).status).toBe(400);
    const body = await expectError(await post(maxFormBodyBytes + 1), 413, 'guard.body_too_large');
    expect(body.details).toEqual({ maxBodySize: maxFormBodyBytes });
  });

  test('a chunked body within the limit reaches the route', async () => {
    const body = new Blob([JSON.stringify({ name: 'Chunked' })]).stream();
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' };
    const response = await fetch(`${server.url}/api/tenants`, bearer(cloudToken, init as RequestInit));
    expect({ status: response.status, name: ((await response.json()) as { name?: string }).name }).toEqual({ status: 201, name: 'Chunked' });
  });

  test('a chunked body is cut off where it crosses the limit', async () => {
    const answer = await postLarge(`${server.url}/api/tenants`, { authorization: `Bearer ${cloudToken}`, 'content-type': 'application/json' }, 'chunked', 4 * megabyte);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'guard.body_too_large' });
  });

  test('bodies of 96 MB are refused without being kept: resident memory stays flat', async () => {
    const pending = await startAuthorization(server.url, { edition: 'cloud' });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const targets: [string, string, Record<string, string>, number][] = [
      ['POST /api/tenants', `${server.url}/api/tenants`, { authorization: `Bearer ${cloudToken}`, 'content-type': 'application/json' }, 413],
      ['the sign-in form', `${pending.pageUrl.replace(/\/(sign-in|sign-up)$/, '')}/sign-in`, { ...form, cookie: pending.browser.jar.header() }, 413],
      ['the sign-in form of no interaction', `${server.url}/interaction/none/sign-in`, form, 413],
      // oidc-provider reads at most 56 KiB of a form and answers invalid_request beyond that.
      ['the token endpoint', `${server.url}/oidc/token`, form, 400],
    ];
    const framings: Framing[] = ['content-length', 'chunked'];
    const sendAll = async (size: number) => {
      const statuses = [];
      for (const [name, url, headers] of targets) {
        for (const framing of framings) statuses.push([name, framing, (await postLarge(url, headers, framing, size)).status]);
      }
      return statuses;
    };
    const expected = targets.flatMap(([name, , , status]) => framings.map((framing) => [name, framing, status]));

    // The same requests with small bodies first, so what the server loads and compiles on first use is not counted.
    expect(await sendAll(megabyte)).toEqual(expected);
    await resetPeak(server.pid);
    const before = await residentBytes(server.pid, 'VmRSS');
    expect(await sendAll(96 * megabyte)).toEqual(expected);
    const grown = (await residentBytes(server.pid, 'VmHWM')) - before;
    expect(grown).toBeLessThan(40 * megabyte);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  }, 120_000);
});
