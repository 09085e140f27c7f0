import { afterAll, describe, expect, test } from 'vitest';
import { createSandboxPool, defaultSandboxLimits } from '#server/tenant/jwt-customizer/sandbox-pool.ts';

/** The custom JWT sandbox (tenant-runtime.md §6): QuickJS in worker threads, its limits, and nothing shared. */

const pool = createSandboxPool();
afterAll(() => pool.close());

const input = { token: { jti: 'j1', kind: 'ClientCredentials' }, context: { application: { name: 'App' } }, environmentVariables: { TIER: 'gold' } };
const claimsOf = (body: string) => `const getCustomJwtClaims = async ({ token, context, environmentVariables, api }) => { ${body} };`;
const run = (body: string, tenantId = 'tenant-a') => pool.run(tenantId, { script: claimsOf(body), input });

describe('a run', () => {
  test('gets the token, the context and the variables, and answers the claims and what it logged', async () => {
    const outcome = await run('console.log("tier", environmentVariables.TIER, { n: 1 }); return { tier: environmentVariables.TIER, app: context.application.name, jti: token.jti };');
    expect(outcome).toMatchObject({ ok: true, claims: { tier: 'gold', app: 'App', jti: 'j1' } });
    expect(outcome.consoleOutput).toEqual({ lines: [{ level: 'log', message: 'tier gold {"n":1}' }], truncated: false });
  });

  test('the input is frozen: a strict-mode write throws', async () => {
    const outcome = await pool.run('tenant-a', { script: '"use strict"; const getCustomJwtClaims = async ({ token }) => { token.jti = "x"; return {}; };', input });
    expect(outcome).toMatchObject({ ok: false, code: 'General', reason: 'thrown' });
  });

  test.each([
    ['process', 'return { x: process.env };'],
    ['require', 'return { x: require("fs") };'],
    ['setTimeout', 'setTimeout(() => {}, 1); return {};'],
    ['XMLHttpRequest', 'return { x: new XMLHttpRequest() };'],
    ['WebAssembly', 'return { x: WebAssembly.Module };'],
  ])('%s is not there: ReferenceError', async (name, body) => {
    const outcome = await run(body);
    expect(outcome).toMatchObject({ ok: false, code: 'General', reason: 'thrown' });
    expect(outcome.ok === false && outcome.message).toBe(`ReferenceError: '${name}' is not defined`);
  });

  test('api.denyAccess denies, even when the script catches what it throws', async () => {
    const outcome = await run('try { api.denyAccess("blocked domain"); } catch {} return { a: 1 };');
    expect(outcome).toMatchObject({ ok: false, code: 'AccessDenied', message: 'blocked domain' });
  });

  test('a syntax error, a throw and a missing function name their line; a non-object result is refused', async () => {
    const syntax = await pool.run('tenant-a', { script: 'const getCustomJwtClaims = async () => {\n  return {;\n};', input });
    expect(syntax).toMatchObject({ ok: false, reason: 'syntax', line: 2 });
    const thrown = await pool.run('tenant-a', { script: 'const getCustomJwtClaims = async () => {\n\n  throw new Error("boom");\n};', input });
    expect(thrown).toMatchObject({ ok: false, reason: 'thrown', message: 'Error: boom', line: 3 });
    expect(await pool.run('tenant-a', { script: 'const x = 1;', input })).toMatchObject({ ok: false, reason: 'missing-function' });
    for (const value of ['3', '"text"', 'null', '[1]']) expect(await run(`return ${value};`)).toMatchObject({ ok: false, reason: 'invalid-result' });
  });
});

describe('limits', () => {
  test('an infinite loop is stopped at the CPU deadline', async () => {
    const started = performance.now();
    const outcome = await run('while (true) {}');
    const took = performance.now() - started;
    expect(outcome).toMatchObject({ ok: false, code: 'General', reason: 'time' });
    expect(took).toBeGreaterThanOrEqual(defaultSandboxLimits.cpuMs - 5);
    expect(took).toBeLessThan(defaultSandboxLimits.cpuMs + 800);
  });

  test('an allocation past the memory limit fails; a memory bomb is stopped within the hard deadline', async () => {
    expect(await run('return { n: "x".repeat(20 * 1024 * 1024).length };')).toMatchObject({ ok: false, code: 'General', reason: 'memory' });
    expect(await run('return { n: new Uint8Array(1024).length };')).toMatchObject({ ok: false, reason: 'thrown', message: "ReferenceError: 'Uint8Array' is not defined" });
    const started = performance.now();
    // Near the limit QuickJS spends its time in the allocator, where the interrupt handler is not asked: the worker is ended.
    const bomb = await run('const kept = []; for (let i = 0; ; i++) kept.push("x".repeat(1024 * 1024) + i);');
    expect(bomb).toMatchObject({ ok: false, code: 'General' });
    expect(['memory', 'time']).toContain(bomb.ok === false && bomb.reason);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('deep recursion is stopped by the stack limit', async () => {
    const outcome = await pool.run('tenant-a', { script: 'function down(n) { return down(n + 1) + 1; }\nconst getCustomJwtClaims = async () => ({ x: down(0) });', input });
    expect(outcome).toMatchObject({ ok: false, reason: 'thrown', message: 'InternalError: stack overflow' });
  });

  test('claims over 50 KiB are refused; console output is cut at 2 KiB', async () => {
    expect(await run('return { big: "x".repeat(60 * 1024) };')).toMatchObject({ ok: false, reason: 'too-large' });
    const noisy = await run('for (let i = 0; i < 100; i++) console.log("y".repeat(100)); return {};');
    expect(noisy).toMatchObject({ ok: true, consoleOutput: { truncated: true } });
    expect(noisy.consoleOutput.lines.reduce((sum, line) => sum + line.message.length, 0)).toBe(2048);
  });

  test('a run the interrupt cannot stop has its worker terminated; the runs after it work', async () => {
    const strict = createSandboxPool({ size: 1, hardDeadlineMs: 300 });
    try {
      const first = await strict.run('tenant-a', { script: claimsOf('return {};'), input });
      expect(first.ok).toBe(true);
      const started = performance.now();
      const stuck = await strict.run('tenant-a', { script: claimsOf('while (true) {}'), input, limits: { cpuMs: 60_000 } });
      expect(stuck).toMatchObject({ ok: false, reason: 'time' });
      expect(performance.now() - started).toBeLessThan(1500);
      expect(await strict.run('tenant-a', { script: claimsOf('return { again: true };'), input })).toMatchObject({ ok: true, claims: { again: true } });
      expect(await strict.run('tenant-b', { script: claimsOf('return { third: true };'), input })).toMatchObject({ ok: true, claims: { third: true } });
    } finally {
      await strict.close();
    }
  });

  test('one tenant cannot queue without bound: its runs beyond the cap are refused as busy, another tenant still runs', async () => {
    const small = createSandboxPool({ size: 1, maxQueuedPerTenant: 2, maxQueued: 10 });
    try {
      const slow = Array.from({ length: 5 }, () => small.run('greedy', { script: claimsOf('const end = Date.now() + 100; while (Date.now() < end) {} return {};'), input }));
      const other = small.run('polite', { script: claimsOf('return { ok: 1 };'), input });
      const outcomes = await Promise.all(slow);
      expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'busy')).toHaveLength(2);
      expect(await other).toMatchObject({ ok: true, claims: { ok: 1 } });
    } finally {
      await small.close();
    }
  });
});

describe('isolation', () => {
  test('nothing a run leaves behind is seen by the next run, of the same tenant or another', async () => {
    await run('globalThis.leak = "secret"; Object.prototype.polluted = true; JSON.stringify = () => "{}"; return {};', 'tenant-a');
    for (const tenantId of ['tenant-a', 'tenant-b']) {
      const outcome = await run('return { leak: typeof leak, polluted: ({}).polluted ?? null, json: JSON.stringify({ a: 1 }) };', tenantId);
      expect(outcome).toMatchObject({ ok: true, claims: { leak: 'undefined', polluted: null, json: '{"a":1}' } });
    }
  });
});
