import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { socialAuthorizationUriResponseGuard, socialConnectorGuard } from '#schemas/profile.ts';
import { meGuard } from '#schemas/user.ts';
import { locales } from '#schemas/locales.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';

let server: TestServer;
let handleSocial: string;

beforeAll(async () => {
  server = await startTestServer('cloud');
  handleSocial = `${server.url}/console/handle-social`;
});
afterAll(() => server?.close());

const meToken = (user: TestUser) => user.session.accessToken(resourceIndicators.me);

const authorizationUri = async (token: string, state = 'st8chars', redirectUri = handleSocial, connectorId = 'demo-social') =>
  call(`${server.url}/me/social/authorization-uri`, token, 'POST', { connectorId, state, redirectUri });

/** The popup: open the provider's page, choose an identity; answers the callback's query parameters. */
const choose = async (redirectTo: string, identity: string) => {
  const page = await fetch(redirectTo);
  expect(page.status).toBe(200);
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const response = await fetch(`${server.url}/social/demo/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ redirect_uri: field('redirect_uri'), state: field('state'), identity }),
  });
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(handleSocial);
  return Object.fromEntries(location.searchParams);
};

const link = (token: string, connectorData: Record<string, string>, connectorId = 'demo-social') =>
  call(`${server.url}/me/social/link-identity`, token, 'POST', { connectorId, connectorData: { ...connectorData, redirectUri: handleSocial } });

/** Unlinks the demo identity, so that the next test can link it to its own user. */
const unlink = async (token: string) => expect((await call(`${server.url}/me/social/identity/demo-social`, token, 'DELETE')).status).toBe(200);

/** The whole link of `identity` for the user, as the console's popup and /handle-social do it. */
const linkAs = async (token: string, identity: string, state = 'st8chars') => {
  const { redirectTo } = socialAuthorizationUriResponseGuard.parse(await (await authorizationUri(token, state)).json());
  return link(token, await choose(redirectTo, identity));
};

describe('GET /me/social/connectors', () => {
  test('lists the demo social provider, whose logos are served', async () => {
    const user = await signUpUser(server, 'social');
    const response = await call(`${server.url}/me/social/connectors`, await meToken(user), 'GET');
    expect(response.status).toBe(200);
    const connectors = z.array(socialConnectorGuard).parse(await response.json());
    expect(connectors).toEqual([
      {
        id: 'demo-social',
        name: expect.objectContaining({ en: 'Demo social', de: 'Demo-Social', ja: 'デモソーシャル' }),
        logo: `${server.url}/social/demo/logo.svg`,
        logoDark: `${server.url}/social/demo/logo-dark.svg`,
        target: 'demo',
      },
    ]);
    expect(Object.keys(connectors[0]!.name).sort()).toEqual([...locales].sort());
    for (const url of [connectors[0]!.logo, connectors[0]!.logoDark!]) {
      const logo = await fetch(url);
      expect([logo.status, logo.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
      expect(await logo.text()).toMatch(/^<svg /);
    }
  });

  test('needs a Me-API token', async () => {
    await expectError(await call(`${server.url}/me/social/connectors`, undefined, 'GET'), 401, 'auth.authorization_header_missing');
  });
});

describe('linking and unlinking', () => {
  test('link through the demo page, see it in GET me and userinfo, unlink, and unlink again is a 404', async () => {
    const user = await signUpUser(server, 'social');
    const token = await meToken(user);
    const response = await authorizationUri(token);
    expect(response.status).toBe(200);
    const { redirectTo } = socialAuthorizationUriResponseGuard.parse(await response.json());
    const target = new URL(redirectTo);
    expect(`${target.origin}${target.pathname}`).toBe(`${server.url}/social/demo/authorize`);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({ state: 'st8chars', redirect_uri: handleSocial });

    const callback = await choose(redirectTo, 'demo-user-1');
    expect(callback).toEqual({ code: expect.stringMatching(/^[a-z0-9]{21}$/), state: 'st8chars' });
    const linked = await link(token, callback);
    expect(linked.status).toBe(200);
    const identity = { userId: 'demo-user-1', details: { id: 'demo-user-1', name: 'Demo User One', email: 'demo.one@social.example' } };
    expect(meGuard.parse(await linked.json()).identities).toEqual({ demo: identity });
    expect(meGuard.parse(await (await call(`${server.url}/me`, token, 'GET')).json()).identities).toEqual({ demo: identity });
    expect((await user.session.userinfo()).body.identities).toEqual({ demo: identity });

    const unlinked = await call(`${server.url}/me/social/identity/demo-social`, token, 'DELETE');
    expect(unlinked.status).toBe(200);
    expect(meGuard.parse(await unlinked.json()).identities).toEqual({});
    await expectError(await call(`${server.url}/me/social/identity/demo-social`, token, 'DELETE'), 404, 'user.identity_not_exist');
  });

  test('an identity linked to another account is a 422 user.identity_already_in_use; after unlinking it can be linked', async () => {
    const [first, second] = await Promise.all([signUpUser(server, 'social'), signUpUser(server, 'social')]);
    const [firstToken, secondToken] = await Promise.all([meToken(first), meToken(second)]);
    expect((await linkAs(firstToken, 'demo-user-2')).status).toBe(200);
    await expectError(await linkAs(secondToken, 'demo-user-2'), 422, 'user.identity_already_in_use');
    expect(meGuard.parse(await (await call(`${server.url}/me`, secondToken, 'GET')).json()).identities).toEqual({});
    await unlink(firstToken);
    expect((await linkAs(secondToken, 'demo-user-2')).status).toBe(200);
    await unlink(secondToken);
  });

  test('linking again replaces the identity of the same connector', async () => {
    const user = await signUpUser(server, 'social');
    const token = await meToken(user);
    await linkAs(token, 'demo-user-1');
    await unlink(token);
    await linkAs(token, 'demo-user-1', 'state-01');
    const again = await linkAs(token, 'demo-user-1', 'state-02');
    expect(again.status).toBe(200);
    expect(Object.keys(meGuard.parse(await again.json()).identities)).toEqual(['demo']);
    await unlink(token);
  });

  test('a code is used once; a state is used once and only by the user who started it', async () => {
    const [user, intruder] = await Promise.all([signUpUser(server, 'social'), signUpUser(server, 'social')]);
    const token = await meToken(user);
    const { redirectTo } = socialAuthorizationUriResponseGuard.parse(await (await authorizationUri(token, 'mystate1')).json());
    const callback = await choose(redirectTo, 'demo-user-1');
    await expectError(await link(await meToken(intruder), callback), 400, 'social.invalid_state');
    await expectError(await link(token, { ...callback, state: 'other-st' }), 400, 'social.invalid_state');
    expect((await link(token, callback)).status).toBe(200);
    await unlink(token);
    await expectError(await link(token, callback), 400, 'social.invalid_state');

    await authorizationUri(token, 'mystate2');
    await expectError(await link(token, { ...callback, state: 'mystate2' }), 400, 'connector.social_auth_code_invalid');
  });

  test('a link that fails keeps its state, so a valid code can still complete it', async () => {
    const user = await signUpUser(server, 'social');
    const token = await meToken(user);
    const { redirectTo } = socialAuthorizationUriResponseGuard.parse(await (await authorizationUri(token, 'keepst8s')).json());
    const callback = await choose(redirectTo, 'demo-user-1');
    await expectError(await link(token, { ...callback, code: 'x'.repeat(21) }), 400, 'connector.social_auth_code_invalid');
    expect((await link(token, callback)).status).toBe(200);
    await unlink(token);
  });

  const badStarts: [string, Record<string, string>, number, string][] = [
    ['an unknown connector', { connectorId: 'github' }, 404, 'connector.not_found'],
    ['a state of 7 characters', { state: 'short77' }, 400, 'guard.invalid_input'],
    ['a state of 9 characters', { state: 'toolong99' }, 400, 'guard.invalid_input'],
    ['a redirect URI of another site', { redirectUri: 'https://evil.example/handle-social' }, 400, 'social.invalid_redirect_uri'],
    ['a redirect URI that is not a URL', { redirectUri: 'handle-social' }, 400, 'guard.invalid_input'],
  ];
  test.each(badStarts)('authorization-uri with %s is refused', async (_case, override, status, code) => {
    const user = await signUpUser(server, 'social');
    const body = { connectorId: 'demo-social', state: 'st8chars', redirectUri: handleSocial, ...override };
    await expectError(await call(`${server.url}/me/social/authorization-uri`, await meToken(user), 'POST', body), status, code);
  });

  test('link-identity and unlink with bad input', async () => {
    const user = await signUpUser(server, 'social');
    const token = await meToken(user);
    await expectError(await call(`${server.url}/me/social/link-identity`, token, 'POST', { connectorId: 'demo-social' }), 400, 'guard.invalid_input');
    await expectError(await call(`${server.url}/me/social/link-identity`, token, 'POST', { connectorId: 'demo-social', connectorData: { code: 1 } }), 400, 'guard.invalid_input');
    await expectError(await link(token, { code: 'x', state: 'st8chars' }, 'github'), 404, 'connector.not_found');
    await expectError(await call(`${server.url}/me/social/identity/github`, token, 'DELETE'), 404, 'connector.not_found');
    await expectError(await call(`${server.url}/me/social/link-identity`, undefined, 'POST', {}), 401, 'auth.authorization_header_missing');
  });
});

describe('the demo provider page', () => {
  const pageUrl = (params: Record<string, string>) => `${server.url}/social/demo/authorize?${new URLSearchParams(params)}`;

  test('asks which identity to return, with labelled buttons, in English or German', async () => {
    const english = await (await fetch(pageUrl({ redirect_uri: handleSocial, state: 'st8chars' }))).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>Sign in with Demo social</h1>');
    expect(english).toContain('<legend>Choose an identity</legend>');
    expect(english).toMatch(/<button type="submit" name="identity" value="demo-user-1"[^>]*>Continue as Demo User One<\/button>/);
    expect(english).toMatch(/<button type="submit" name="identity" value="demo-user-2"[^>]*>Continue as Demo User Two<\/button>/);
    expect(english).toContain('>Cancel</button>');

    const german = await (await fetch(pageUrl({ redirect_uri: handleSocial, state: 'st8chars' }), { headers: { 'accept-language': 'de' } })).text();
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('Weiter als Demo User One');
    expect(german).toContain('>Abbrechen</button>');
  });

  test('sends its page with the security headers of server pages', async () => {
    const response = await fetch(pageUrl({ redirect_uri: handleSocial, state: 'st8chars' }));
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  test('cancel returns access_denied with the state', async () => {
    const response = await fetch(`${server.url}/social/demo/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_uri: handleSocial, state: 'st8chars', cancel: '1' }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${handleSocial}?error=access_denied&state=st8chars`);
  });

  const invalid: [string, Record<string, string>][] = [
    ['a redirect URI of another site', { redirect_uri: 'https://evil.example/cb', state: 'st8chars' }],
    ['no state', { redirect_uri: handleSocial }],
    ['no redirect URI', { state: 'st8chars' }],
  ];
  test.each(invalid)('%s is a 400 page and never redirects', async (_case, params) => {
    const page = await fetch(pageUrl(params));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('role="alert"');
    const posted = await fetch(`${server.url}/social/demo/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, identity: 'demo-user-1' }),
    });
    expect([posted.status, posted.headers.get('location')]).toEqual([400, null]);
  });
});
