import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { requestIdHeader } from '#schemas/error.ts';
import { meGuard, usernameRule } from '#schemas/user.ts';
import { signIn } from '../support/oidc-client.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

let server: TestServer;
let user: TestUser;
let other: TestUser;
let meToken: string;

beforeAll(async () => {
  server = await startTestServer('cloud');
  [user, other] = await Promise.all([signUpUser(server, 'profile'), signUpUser(server, 'taken')]);
  meToken = await user.session.accessToken(resourceIndicators.me);
});
afterAll(() => server?.close());

const patchMe = (body: unknown, token = meToken) => call(`${server.url}/me`, token, 'PATCH', body);
const getMe = async () => meGuard.parse(await (await call(`${server.url}/me`, meToken, 'GET')).json());

describe('PATCH /me', () => {
  test('sets the name, the avatar and the username, one at a time, and answers the profile', async () => {
    const named = await patchMe({ name: '  Ada Lovelace ' });
    expect(named.status).toBe(200);
    expect(meGuard.parse(await named.json())).toMatchObject({ id: user.id, name: 'Ada Lovelace' });

    const avatar = 'https://example.com/ada.png';
    expect(meGuard.parse(await (await patchMe({ avatar })).json()).avatar).toBe(avatar);
    const username = `ada_${user.id}`;
    expect(meGuard.parse(await (await patchMe({ username })).json()).username).toBe(username);
    expect(await getMe()).toMatchObject({ name: 'Ada Lovelace', avatar, username });
  });

  test('an empty name or avatar, or null, removes it', async () => {
    await patchMe({ name: 'Someone' });
    expect(meGuard.parse(await (await patchMe({ name: '' })).json()).name).toBeNull();
    await patchMe({ avatar: 'https://example.com/a.png' });
    expect(meGuard.parse(await (await patchMe({ avatar: null })).json()).avatar).toBeNull();
  });

  test('the new username signs in', async () => {
    const username = `renamed_${user.id}`;
    expect((await patchMe({ username })).status).toBe(200);
    const session = await signIn(server.url, username, 'Correct-Horse-42', { edition: 'cloud' });
    expect(session.refreshToken).toEqual(expect.any(String));
  });

  test('a username taken by another account is a 422 with a message, and changes nothing', async () => {
    const before = await getMe();
    const otherName = meGuard.parse(await (await call(`${server.url}/me`, await other.session.accessToken(resourceIndicators.me), 'GET')).json()).username;
    const body = await expectError(await patchMe({ username: otherName }), 422, 'user.username_already_in_use');
    expect(body.message).toBe('This username is already in use.');
    expect(await getMe()).toEqual(before);
  });

  const bad: [string, unknown][] = [
    ['no field', {}],
    ['two fields', { name: 'A', avatar: 'https://example.com/a.png' }],
    ['an unknown field', { primaryEmail: 'x@example.com' }],
    ['a username with a space', { username: 'two words' }],
    ['a username starting with a digit', { username: '1abc' }],
    ['an empty username', { username: '' }],
    ['a too long username', { username: `a${'b'.repeat(128)}` }],
    ['a too long name', { name: 'n'.repeat(129) }],
    ['an avatar that is not a URL', { avatar: 'not a url' }],
    ['a javascript avatar', { avatar: 'javascript:alert(1)' }],
    ['a too long avatar URL', { avatar: `https://example.com/${'a'.repeat(2048)}` }],
    ['a wrong type', { name: 42 }],
    ['malformed JSON', '{"name":'],
  ];
  test.each(bad)('%s is a 400 and changes nothing', async (_case, body) => {
    const before = await getMe();
    const { code } = await expectError(await patchMe(body), 400, typeof body === 'string' ? 'guard.invalid_json' : 'guard.invalid_input');
    expect(code).toMatch(/^guard\./);
    expect(await getMe()).toEqual(before);
  });

  test('an invalid username is a 400 whose message gives the rule in words, not a pattern or JSON', async () => {
    const body = await expectError(await patchMe({ username: '1abc' }), 400, 'guard.invalid_input');
    expect(body.message).toBe(`The request body is invalid. username: ${usernameRule}`);
    expect(body.details).toEqual([{ path: 'username', code: 'invalid_format', message: usernameRule }]);
  });

  test('needs a Me-API token', async () => {
    await expectError(await call(`${server.url}/me`, undefined, 'PATCH', { name: 'x' }), 401, 'auth.authorization_header_missing');
    await expectError(await patchMe({ name: 'x' }, await user.cloudToken()), 401, 'auth.unauthorized');
  });
});

describe('request id', () => {
  test('every response carries its own x-request-id: API, errors, pages, OIDC and the console', async () => {
    const responses = await Promise.all([
      call(`${server.url}/me`, meToken, 'GET'),
      call(`${server.url}/me`, undefined, 'GET'),
      call(`${server.url}/api/nothing-here`, meToken, 'GET'),
      fetch(`${server.url}/health`),
      fetch(`${server.url}/oidc/.well-known/openid-configuration`),
      fetch(`${server.url}/social/demo/authorize`),
      fetch(`${server.url}/`, { redirect: 'manual' }),
    ]);
    const ids = responses.map((response) => response.headers.get(requestIdHeader));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a request id sent by the client is not echoed', async () => {
    const response = await fetch(`${server.url}/health`, { headers: { [requestIdHeader]: 'chosen-by-client' } });
    expect(response.headers.get(requestIdHeader)).not.toBe('chosen-by-client');
  });

  test('CORS lets the console read it', async () => {
    const response = await fetch(`${server.url}/me`, { headers: { origin: server.url, authorization: `Bearer ${meToken}` } });
    expect(response.headers.get('access-control-expose-headers')?.toLowerCase()).toContain(requestIdHeader);
  });
});
