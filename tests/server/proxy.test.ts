import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { signUp, startAuthorization } from '../support/oidc-client.ts';
import { startServer } from '../support/server.ts';
import { newAccount, startTestServer, type TestServer } from './support.ts';

/** Loopback, so that the dev mailbox may stay on; the port is the TLS proxy's, not the server's. */
const publicUrl = 'https://localhost';
const realFetch = globalThis.fetch;

type Seen = { url: string; setCookies: string[]; hsts: string | null };

/**
 * What a TLS proxy in front of `server` does: requests to `publicUrl` go to the server's plain HTTP port with the
 * X-Forwarded-* headers. Other URLs go out as they are with `spoofed` headers. Every answer is recorded in `seen`.
 */
const proxyFetch = (server: TestServer, seen: Seen[], spoofed: Record<string, string> = {}): typeof fetch => async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input);
  const headers = new Headers(init?.headers);
  let target = url;
  if (url.origin === publicUrl) {
    target = new URL(`${url.pathname}${url.search}`, `http://127.0.0.1:${server.port}`);
    headers.set('x-forwarded-proto', 'https');
    headers.set('x-forwarded-host', url.host);
    headers.set('x-forwarded-for', '203.0.113.7');
  } else for (const [name, value] of Object.entries(spoofed)) headers.set(name, value);
  const response = await realFetch(target, { ...init, headers });
  seen.push({ url: url.href, setCookies: response.headers.getSetCookie(), hsts: response.headers.get('strict-transport-security') });
  return response;
};

const discovery = async () => {
  const response = await fetch(`${publicUrl}/oidc/.well-known/openid-configuration`);
  return (await response.json()) as { issuer: string; authorization_endpoint: string; token_endpoint: string };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('behind a TLS proxy (PUBLIC_URL https, TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('cloud', { PUBLIC_URL: publicUrl, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('every cookie of a sign-up is Secure and every answer sends HSTS', async () => {
    const seen: Seen[] = [];
    vi.stubGlobal('fetch', proxyFetch(server, seen));
    const session = await signUp(publicUrl, newAccount('proxied'), { edition: 'cloud' });
    expect(session.initial.access_token).toEqual(expect.any(String));

    const cookies = seen.flatMap(({ setCookies }) => setCookies);
    const names = new Set(cookies.map((line) => line.split('=')[0]));
    expect([...names]).toEqual(expect.arrayContaining(['_interaction', '_interaction_resume', '_session']));
    expect(cookies.filter((line) => !/;\s*secure\b/i.test(line))).toEqual([]);
    // The sign-up pages (Hono), the authorization and token endpoints (oidc-provider) alike; the server's own
    // requests (the sign-up's breached-password lookup, through the same stubbed fetch) are not its answers.
    const answers = seen.filter(({ url }) => new URL(url).origin === publicUrl);
    expect(answers.map(({ url, hsts }) => ({ url, hsts }))).toEqual(answers.map(({ url }) => ({ url, hsts: 'max-age=31536000' })));
    expect(seen.some(({ url }) => new URL(url).pathname.startsWith('/interaction/'))).toBe(true);
  });

  test("the provider's URLs use the forwarded scheme and host", async () => {
    vi.stubGlobal('fetch', proxyFetch(server, []));
    expect(await discovery()).toMatchObject({
      issuer: `${publicUrl}/oidc`,
      authorization_endpoint: `${publicUrl}/oidc/auth`,
      token_endpoint: `${publicUrl}/oidc/token`,
    });
  });
});

describe('without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('cloud');
  });
  afterAll(async () => {
    await server?.close();
  });

  test('X-Forwarded-Proto and X-Forwarded-Host are ignored', async () => {
    const seen: Seen[] = [];
    vi.stubGlobal('fetch', proxyFetch(server, seen, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' }));
    const pending = await startAuthorization(server.url, { edition: 'cloud' });
    expect(pending.page.status).toBe(200);
    const cookies = seen.flatMap(({ setCookies }) => setCookies);
    expect(cookies.some((line) => line.startsWith('_interaction='))).toBe(true);
    expect(cookies.filter((line) => /;\s*secure\b/i.test(line))).toEqual([]);
    expect(seen.filter(({ hsts }) => hsts !== null)).toEqual([]);

    const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
    const document = (await response.json()) as { authorization_endpoint: string };
    expect(document.authorization_endpoint).toBe(`${server.url}/oidc/auth`);
  });

  test('an https PUBLIC_URL refuses to start, in one line', async () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://localhost' })).toThrow(
      'PUBLIC_URL https://localhost is https but this server speaks plain HTTP: run it behind a TLS proxy that sends X-Forwarded-Proto and set TRUST_PROXY=1',
    );
    const started = startServer({ edition: 'cloud', env: { PUBLIC_URL: 'https://localhost:8443' } });
    await expect(started).rejects.toThrow(/\nPUBLIC_URL https:\/\/localhost:8443 is https but this server speaks plain HTTP: .* set TRUST_PROXY=1\n$/);
  });
});
