import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { errorBodyGuard } from '#schemas/error.ts';
import { meGuard } from '#schemas/user.ts';
import { users } from '#server/db/schema.ts';
import { decodeJwt, signUp, type ConsoleSession } from '../support/oidc-client.ts';
import { bearer, newAccount, startTestServer, type TestServer } from './support.ts';

let server: TestServer;
let session: ConsoleSession;
let meToken: string;
const account = newAccount('me');

beforeAll(async () => {
  server = await startTestServer('cloud');
  session = await signUp(server.url, account, { edition: 'cloud' });
  meToken = await session.accessToken(resourceIndicators.me);
});
afterAll(() => server?.close());

const patch = (body: string, token = meToken) =>
  fetch(`${server.url}/me/custom-data`, bearer(token, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body }));

const storedCustomData = async () => {
  const [user] = await server.db.select().from(users).where(eq(users.id, String(decodeJwt(meToken).sub)));
  return user!.customData;
};

describe('GET /me', () => {
  test('returns the profile of the token subject', async () => {
    const response = await fetch(`${server.url}/me`, bearer(meToken));
    expect(response.status).toBe(200);
    expect(meGuard.parse(await response.json())).toEqual({
      id: decodeJwt(meToken).sub,
      username: account.username,
      primaryEmail: account.email,
      primaryPhone: null,
      name: null,
      avatar: null,
      hasPassword: true,
      identities: {},
      customData: {},
    });
  });

  test('needs a Me-API token', async () => {
    expect((await fetch(`${server.url}/me`)).status).toBe(401);
    const cloudToken = await session.accessToken(resourceIndicators.cloud);
    const response = await fetch(`${server.url}/me`, bearer(cloudToken));
    expect(response.status).toBe(401);
    expect(errorBodyGuard.parse(await response.json()).code).toBe('auth.unauthorized');
  });
});

describe('PATCH /me/custom-data', () => {
  test('merges top-level keys, replacing each given key whole, and returns the full custom data', async () => {
    const first = await patch(JSON.stringify({ adminConsolePreferences: { language: 'de', appearanceMode: 'dark', isOnboardingDone: true } }));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ adminConsolePreferences: { language: 'de', appearanceMode: 'dark', isOnboardingDone: true } });
    const second = await patch(JSON.stringify({ adminConsolePreferences: { language: 'en', appearanceMode: 'system' } }));
    expect(await second.json()).toEqual({ adminConsolePreferences: { language: 'en', appearanceMode: 'system' } });
    const empty = await patch('{}');
    expect(await empty.json()).toEqual({ adminConsolePreferences: { language: 'en', appearanceMode: 'system' } });
  });

  const bad: [string, string][] = [
    ['malformed JSON', '{"adminConsolePreferences":'],
    ['an unknown top-level field', JSON.stringify({ somethingElse: 1 })],
    ['an unknown preference', JSON.stringify({ adminConsolePreferences: { language: 'en', appearanceMode: 'dark', theme: 'x' } })],
    ['an unsupported language', JSON.stringify({ adminConsolePreferences: { language: 'xx', appearanceMode: 'dark' } })],
    ['a wrong type', JSON.stringify({ adminConsolePreferences: { language: 'en', appearanceMode: 'dark', isOnboardingDone: 'yes' } })],
    ['a missing required preference', JSON.stringify({ adminConsolePreferences: { language: 'en' } })],
    ['not an object', '"text"'],
  ];
  test.each(bad)('%s is a 400 and changes nothing', async (_case, body) => {
    const before = await storedCustomData();
    const response = await patch(body);
    expect(response.status).toBe(400);
    const error = errorBodyGuard.parse(await response.json());
    expect(error.code).toMatch(/^guard\.invalid_(json|input)$/);
    expect(await storedCustomData()).toEqual(before);
  });

  test('an oversized body is a 413', async () => {
    const response = await patch(JSON.stringify({ adminConsolePreferences: { language: 'en', appearanceMode: 'dark', x: 'y'.repeat(70_000) } }));
    expect(response.status).toBe(413);
    expect(errorBodyGuard.parse(await response.json()).code).toBe('guard.body_too_large');
  });

  test('needs a token', async () => {
    expect((await patch('{}', '')).status).toBe(401);
  });
});

describe('CORS', () => {
  test('only the console origin is allowed', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/me/custom-data`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type' },
      });
    const own = await preflight(server.url);
    expect(own.headers.get('access-control-allow-origin')).toBe(server.url);
    expect(own.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
