import { afterAll, describe, expect, test } from 'vitest';
import { createSandboxPool } from '#server/tenant/jwt-customizer/sandbox-pool.ts';

/** The globals a custom JWT script gets beyond QuickJS's own (customize-jwt.md §6), each used as a script would. */

const pool = createSandboxPool();
afterAll(() => pool.close());

const input = { token: { jti: 'j1' }, context: {}, environmentVariables: {} };
const run = (body: string) => pool.run('tenant-a', { script: `const getCustomJwtClaims = async () => { ${body} };`, input });
const claimsOf = async (body: string) => {
  const outcome = await run(body);
  if (!outcome.ok) throw new Error(`the run failed: ${outcome.reason}: ${outcome.message}`);
  return outcome.claims;
};

describe('the globals', () => {
  test('JSON, Math and Date are QuickJS\'s own', async () => {
    expect(await claimsOf('return { json: JSON.parse(\'{"a":[1]}\').a[0], max: Math.max(2, 7), year: new Date(Date.UTC(2026, 0, 2)).getUTCFullYear(), iso: new Date(0).toISOString() };'))
      .toEqual({ json: 1, max: 7, year: 2026, iso: '1970-01-01T00:00:00.000Z' });
  });

  test('URL parses as WHATWG URL does, resolves against a base, and its search parameters read and write the URL', async () => {
    const claims = await claimsOf(`
      const url = new URL('../b/c?x=1&y=a+b#top', 'https://User:pw@Example.COM:8443/a/z');
      const params = url.searchParams;
      const before = { href: url.href, origin: url.origin, host: url.host, hostname: url.hostname, port: url.port, pathname: url.pathname,
        search: url.search, hash: url.hash, username: url.username, x: params.get('x'), y: params.get('y'), has: params.has('z') };
      params.append('z', 'é &');
      url.pathname = '/new path';
      let invalid;
      try { new URL('not a url'); } catch (error) { invalid = error.name + ': ' + error.message; }
      const built = new URLSearchParams({ a: '1', b: 'two words' });
      return { before, after: url.href, json: JSON.stringify({ url }), invalid, canParse: [URL.canParse('https://a.b'), URL.canParse('nope')], built: built.toString(), size: built.size };
    `);
    expect(claims).toEqual({
      before: {
        href: 'https://User:pw@example.com:8443/b/c?x=1&y=a+b#top', origin: 'https://example.com:8443', host: 'example.com:8443', hostname: 'example.com',
        port: '8443', pathname: '/b/c', search: '?x=1&y=a+b', hash: '#top', username: 'User', x: '1', y: 'a b', has: false,
      },
      after: 'https://User:pw@example.com:8443/new%20path?x=1&y=a+b&z=%C3%A9+%26#top',
      json: '{"url":"https://User:pw@example.com:8443/new%20path?x=1&y=a+b&z=%C3%A9+%26#top"}',
      invalid: 'TypeError: Invalid URL',
      canParse: [true, false],
      built: 'a=1&b=two+words',
      size: 2,
    });
  });

  test('TextEncoder and TextDecoder carry UTF-8 both ways; a fatal decoder refuses bad bytes', async () => {
    const claims = await claimsOf(`
      const bytes = new TextEncoder().encode('aé€😀');
      let fatal;
      try { new TextDecoder('utf-8', { fatal: true }).decode([0xff]); } catch (error) { fatal = error.name; }
      return { bytes, back: new TextDecoder().decode(bytes), lenient: new TextDecoder().decode([0x61, 0xff]), fatal, encoding: new TextDecoder('utf8').encoding };
    `);
    expect(claims).toEqual({
      bytes: [...Buffer.from('aé€😀')],
      back: 'aé€😀',
      lenient: 'a\ufffd',
      fatal: 'TypeError',
      encoding: 'utf-8',
    });
  });

  test('atob and btoa are base64 of Latin-1 strings, and refuse what the platform refuses', async () => {
    const claims = await claimsOf(`
      const errors = [];
      for (const attempt of [() => btoa('€'), () => atob('a')]) { try { attempt(); } catch (error) { errors.push(error.name); } }
      return { encoded: btoa('hello\\u00ff'), decoded: atob(' aGVs bG8= '), errors };
    `);
    expect(claims).toEqual({ encoded: Buffer.from('hello\u00ff', 'latin1').toString('base64'), decoded: 'hello', errors: ['InvalidCharacterError', 'InvalidCharacterError'] });
  });

  test('console logs are captured at each level, in order', async () => {
    const outcome = await run('console.info("a", 1); console.warn({ b: [2] }); console.error("c"); return {};');
    expect(outcome.consoleOutput.lines).toEqual([
      { level: 'info', message: 'a 1' },
      { level: 'warn', message: '{"b":[2]}' },
      { level: 'error', message: 'c' },
    ]);
  });

  test('AbortController and AbortSignal work without a request: listeners, reasons, AbortSignal.timeout(0)', async () => {
    const claims = await claimsOf(`
      const controller = new AbortController();
      const seen = [];
      controller.signal.addEventListener('abort', (event) => seen.push(event.type));
      controller.abort();
      let thrown;
      try { AbortSignal.timeout(0).throwIfAborted(); } catch (error) { thrown = error.name; }
      return { aborted: controller.signal.aborted, reason: controller.signal.reason.name, seen, thrown, custom: AbortSignal.abort('why').reason };
    `);
    expect(claims).toEqual({ aborted: true, reason: 'AbortError', seen: ['abort'], thrown: 'TimeoutError', custom: 'why' });
  });

  test('the host functions behind the globals are out of reach; Node\'s objects stay absent', async () => {
    const claims = await claimsOf(`
      return { host: typeof __gatehouseHost, names: Object.getOwnPropertyNames(globalThis).filter((name) => name.startsWith('__')),
        absent: [typeof process, typeof require, typeof setTimeout, typeof setInterval, typeof Buffer, typeof queueMicrotask] };
    `);
    expect(claims).toEqual({ host: 'undefined', names: [], absent: ['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined'] });
  });
});
