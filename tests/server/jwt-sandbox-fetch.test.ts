import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandboxNetworkOf, type SandboxNetwork } from '#server/tenant/jwt-customizer/sandbox-fetch.ts';
import { createSandboxPool } from '#server/tenant/jwt-customizer/sandbox-pool.ts';

/**
 * The script's `fetch` (customize-jwt.md §6) against a local receiver: reached where private addresses are allowed
 * (`HOOKS_ALLOW_PRIVATE_ADDRESSES=1`, as webhooks), refused otherwise; its limits, and the run's clocks around it.
 */

const pool = createSandboxPool();
const requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];
const receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://receiver');
    requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body });
    const kib = Number(url.searchParams.get('kib') ?? 0);
    if (url.pathname === '/hang') return;
    if (url.pathname === '/big') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(kib * 1024));
    const reply = () => response.writeHead(201, { 'content-type': 'application/json', 'x-tier': 'gold' }).end(JSON.stringify({ method: request.method, body, auth: request.headers.authorization ?? null }));
    setTimeout(reply, Number(url.searchParams.get('ms') ?? 0));
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await pool.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const input = { token: { jti: 'j1' }, context: {}, environmentVariables: {} };
const allowed = sandboxNetworkOf({ edition: 'cloud', allowPrivateAddresses: true });
const cloud = sandboxNetworkOf({ edition: 'cloud', allowPrivateAddresses: false });
const script = (body: string) => `const getCustomJwtClaims = async () => { const base = ${JSON.stringify(base)}; ${body} };`;
const run = (body: string, network: SandboxNetwork = allowed, sandbox = pool) => sandbox.run('tenant-a', { script: script(body), input, network });
/** Runs `body`, which returns the error a request ended with, as `{ name, message }`. */
const failureOf = async (body: string, network: SandboxNetwork = allowed) => {
  const outcome = await run(`try { ${body} return { none: true }; } catch (error) { return { name: error.name, message: error.message }; }`, network);
  return outcome.ok ? outcome.claims : outcome;
};
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

describe('fetch', () => {
  test('the network follows the webhooks\' rule', () => {
    expect(cloud).toEqual({ publicOnly: true, httpAllowed: false });
    expect(allowed).toEqual({ publicOnly: false, httpAllowed: true });
    expect(sandboxNetworkOf({ edition: 'self-hosted', allowPrivateAddresses: false })).toEqual({ publicOnly: false, httpAllowed: true });
  });

  test('sends the method, headers and body, and answers ok, status, headers.get(), text() and json()', async () => {
    const outcome = await run(`
      const response = await fetch(base + '/echo', { method: 'POST', headers: { Authorization: 'Bearer t' }, body: JSON.stringify({ a: 1 }) });
      const data = await response.json();
      let again;
      try { await response.text(); } catch (error) { again = error.name; }
      return { ok: response.ok, status: response.status, tier: response.headers.get('X-Tier'), missing: response.headers.get('nope'), data, again };
    `);
    expect(outcome).toMatchObject({ ok: true, claims: { ok: true, status: 201, tier: 'gold', missing: null, data: { method: 'POST', body: '{"a":1}', auth: 'Bearer t' }, again: 'TypeError' } });
    const text = await run('const response = await fetch(new URL("/echo", base)); return { text: await response.text(), used: response.bodyUsed };');
    expect(text).toMatchObject({ ok: true, claims: { text: '{"method":"GET","body":"","auth":null}', used: true } });
  });

  test('in the cloud edition without the allowance: http, private, loopback and metadata addresses are refused, before and at connect', async () => {
    const before = requests.length;
    expect(await failureOf('await fetch(base + "/echo");', cloud)).toEqual({ name: 'TypeError', message: 'fetch failed: fetch only reaches https:// URLs.' });
    for (const host of ['127.0.0.1', '10.0.0.8', '169.254.169.254', '[::1]']) {
      expect(await failureOf(`await fetch("https://${host}/latest/meta-data/");`, cloud)).toEqual({ name: 'TypeError', message: `fetch failed: ${host} is not a public address.` });
    }
    expect(await failureOf('await fetch("https://localhost:1/");', cloud)).toEqual({ name: 'TypeError', message: expect.stringMatching(/^fetch failed: localhost resolves to (127\.0\.0\.1|::1), which is not a public address\.$/) });
    expect(await failureOf('await fetch("ftp://example.com/");', allowed)).toEqual({ name: 'TypeError', message: 'fetch failed: fetch only reaches https:// URLs.' });
    expect(requests.length).toBe(before);
  });

  test('at most 3 requests a run; the next run has its own 3', async () => {
    const body = `
      const statuses = [];
      for (let i = 0; i < 4; i++) { try { statuses.push((await fetch(base + '/echo')).status); } catch (error) { statuses.push(error.message); } }
      return { statuses };
    `;
    const expected = { statuses: [201, 201, 201, 'fetch failed: at most 3 requests per run.'] };
    expect(await run(body)).toMatchObject({ ok: true, claims: expected });
    expect(await run(body)).toMatchObject({ ok: true, claims: expected });
  });

  test('a response over 256 KiB is refused; one under it is read whole', async () => {
    expect(await run('return { length: (await (await fetch(base + "/big?kib=255")).text()).length };')).toMatchObject({ ok: true, claims: { length: 255 * 1024 } });
    expect(await failureOf('await fetch(base + "/big?kib=300");')).toEqual({ name: 'TypeError', message: 'fetch failed: the response is larger than 256 KiB.' });
  });

  test('a request with no answer ends after 3 s with a TimeoutError', async () => {
    const { value, ms } = await timed(() => failureOf('await fetch(base + "/hang");'));
    expect(value).toEqual({ name: 'TimeoutError', message: 'fetch failed: no answer within 3000 ms.' });
    expect(ms).toBeGreaterThanOrEqual(2990);
    expect(ms).toBeLessThan(3800);
  }, 10_000);

  test('AbortSignal.timeout ends a request sooner, with its TimeoutError; an AbortController aborts one under way', async () => {
    const { value, ms } = await timed(() => failureOf('const signal = AbortSignal.timeout(200); try { await fetch(base + "/hang", { signal }); } catch (error) { if (!signal.aborted || signal.reason !== error) throw new Error("not the signal\'s reason"); throw error; }'));
    expect(value).toEqual({ name: 'TimeoutError', message: 'signal timed out' });
    expect(ms).toBeGreaterThanOrEqual(195);
    expect(ms).toBeLessThan(1000);
    const aborted = await failureOf(`
      const controller = new AbortController();
      const pending = fetch(base + '/hang', { signal: controller.signal });
      await Promise.resolve();
      controller.abort();
      await pending;
    `);
    expect(aborted).toEqual({ name: 'AbortError', message: 'signal is aborted without reason' });
    expect(await failureOf('await fetch(base + "/echo", { signal: AbortSignal.abort() });')).toEqual({ name: 'AbortError', message: 'signal is aborted without reason' });
  });

  test('the 5 s wall clock counts the waits: a run still waiting then is stopped', async () => {
    const { value, ms } = await timed(() => run('for (;;) { try { await fetch(base + "/hang"); } catch {} }'));
    expect(value).toMatchObject({ ok: false, code: 'General', reason: 'time' });
    expect(ms).toBeGreaterThanOrEqual(4990);
    expect(ms).toBeLessThan(5800);
  }, 10_000);

  test('the CPU deadline and the pool\'s hard deadline count script time, not the waits', async () => {
    const strict = createSandboxPool({ size: 1, hardDeadlineMs: 500 });
    try {
      const busy = (ms: number) => `{ const end = Date.now() + ${ms}; while (Date.now() < end) {} }`;
      // 200 ms of script, 700 ms waiting, 150 ms of script: within the 500 ms CPU deadline and a 500 ms hard one.
      const waited = await run(`${busy(200)} const response = await fetch(base + '/echo?ms=700'); ${busy(150)} return { status: response.status };`, allowed, strict);
      expect(waited).toMatchObject({ ok: true, claims: { status: 201 } });
      const { value: looped, ms } = await timed(() => run('await fetch(base + "/echo?ms=300"); while (true) {}', allowed));
      expect(looped).toMatchObject({ ok: false, reason: 'time' });
      expect(ms).toBeGreaterThanOrEqual(790);
      expect(ms).toBeLessThan(1600);
      expect(await run('const kept = []; await fetch(base + "/echo"); for (let i = 0; ; i++) kept.push("x".repeat(1024 * 1024) + i);', allowed, strict)).toMatchObject({ ok: false, code: 'General' });
    } finally {
      await strict.close();
    }
  });

  test('a request still under way when the run ends is abandoned, and the next run does not see it', async () => {
    const outcome = await run('fetch(base + "/hang").then(() => {}, () => {}); return { left: true };');
    expect(outcome).toMatchObject({ ok: true, claims: { left: true } });
    expect(await run('return { fine: (await fetch(base + "/echo")).ok };')).toMatchObject({ ok: true, claims: { fine: true } });
  });
});
