import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  authorizationRequest,
  client,
  conformanceSetup,
  EndUser,
  redirectUri,
  signedUp,
  type Conformance,
} from './support.ts';

/** The basic test plan: the authorization code flow, its ID token, userinfo, and the authorization request's parameters. */

let setup: Conformance;
beforeAll(async () => {
  setup = await conformanceSetup('codeflow');
});
afterAll(() => setup?.server.close());

const decodeHeader = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { alg: string; kid: string };

describe('the authorization code flow (public client with PKCE)', () => {
  test('state comes back, and the ID token is valid: signature, iss, aud, exp, iat, nonce, at_hash', async () => {
    // authorizationCodeGrant checks state, the signature with the discovered JWKS, iss, aud, exp, iat and nonce.
    const { tokens, checks } = await signedUp(setup, setup.spa);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: setup.issuer, aud: setup.ids.spa, nonce: checks.expectedNonce });
    expect(claims.exp).toBeGreaterThan(claims.iat);
    expect(claims.iat).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    const { kid } = decodeHeader(tokens.id_token!);
    const jwks = (await (await fetch(setup.spa.serverMetadata().jwks_uri!)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toContain(kid);
    if (claims.at_hash !== undefined) {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(tokens.access_token));
      expect(claims.at_hash).toBe(Buffer.from(digest.slice(0, 16)).toString('base64url'));
    }
  });

  test('userinfo answers the access token with the same sub as the ID token', async () => {
    const { tokens, user } = await signedUp(setup, setup.spa);
    const sub = tokens.claims()!.sub;
    const info = await client.fetchUserInfo(setup.spa, tokens.access_token, sub);
    expect(info).toMatchObject({ sub, username: user.credentials.username, email: user.credentials.email });
    // fetchUserInfo refuses a userinfo of another subject.
    await expect(client.fetchUserInfo(setup.spa, tokens.access_token, 'someone-else')).rejects.toThrow();
    const forged = await fetch(setup.spa.serverMetadata().userinfo_endpoint!, { headers: { authorization: 'Bearer not-a-token' } });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  test('a claim with no value is left out of the ID token and userinfo, never null (OIDC Core §5.3.2)', async () => {
    const { tokens } = await signedUp(setup, setup.spa, { scope: 'openid profile email phone' });
    const info = await client.fetchUserInfo(setup.spa, tokens.access_token, tokens.claims()!.sub);
    for (const claims of [tokens.claims()!, info]) {
      expect(Object.entries(claims).filter(([, value]) => value === null)).toEqual([]);
      expect(claims).not.toHaveProperty('name');
      expect(claims).not.toHaveProperty('picture');
      expect(claims).not.toHaveProperty('phone_number');
    }
  });

  test('the token response names the granted scope when it differs from the one asked (RFC 6749 §5.1)', async () => {
    const { tokens } = await signedUp(setup, setup.spa, { scope: 'openid email unknown_scope' });
    expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'openid']);
  });

  test('a confidential client authenticates with client_secret_basic and with client_secret_post', async () => {
    for (const rp of [setup.web, setup.webPost]) {
      const { tokens } = await signedUp(setup, rp);
      expect(tokens.claims()!.aud).toBe(setup.ids.web);
    }
  });
});

describe('the authorization request', () => {
  test('answers POST as GET (OIDC Core §3.1.2.1)', async () => {
    const user = new EndUser(setup.server);
    const { url, checks } = await authorizationRequest(setup.spa);
    const callback = await user.authorize(url, { register: true, method: 'POST' });
    const tokens = await client.authorizationCodeGrant(setup.spa, callback, checks);
    expect(tokens.claims()!.nonce).toBe(checks.expectedNonce);
  });

  test('prompt=none: login_required without a session; a code, without a page, with one (also by POST)', async () => {
    const user = new EndUser(setup.server);
    const silent = await authorizationRequest(setup.spa, { prompt: 'none' });
    const refused = new URL((await user.visit(silent.url)).url);
    expect(Object.fromEntries(refused.searchParams)).toMatchObject({ error: 'login_required', state: silent.checks.expectedState });

    const first = await authorizationRequest(setup.spa);
    await client.authorizationCodeGrant(setup.spa, await user.authorize(first.url, { register: true }), first.checks);
    for (const method of ['GET', 'POST'] as const) {
      const again = await authorizationRequest(setup.spa, { prompt: 'none' });
      const callback = await user.authorize(again.url, { method });
      const tokens = await client.authorizationCodeGrant(setup.spa, callback, again.checks);
      expect(tokens.claims()!.sub).toBeDefined();
    }
  });

  test('prompt=login shows the sign-in page again to a signed-in user, and auth_time moves', async () => {
    // auth_time is in the ID token when max_age asks for it.
    const { user, tokens } = await signedUp(setup, setup.spa, { max_age: '3600' });
    const firstAuthTime = tokens.claims()!.auth_time!;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { url } = await authorizationRequest(setup.spa, { prompt: 'login' });
    const page = await user.visit(url);
    expect(page.status).toBe(200);
    expect(page.url).toMatch(/\/sign-in\//);
    const again = await authorizationRequest(setup.spa, { prompt: 'login', max_age: '3600' });
    const next = await client.authorizationCodeGrant(setup.spa, await user.authorize(again.url), again.checks);
    expect(next.claims()!.auth_time).toBeGreaterThan(firstAuthTime);
  });

  test('max_age: auth_time is in the ID token; an older sign-in must sign in again', async () => {
    const { user, tokens } = await signedUp(setup, setup.spa, { max_age: '3600' });
    expect(tokens.claims()!.auth_time).toEqual(expect.any(Number));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { url, checks } = await authorizationRequest(setup.spa, { max_age: '0' });
    expect((await user.visit(url)).url).toMatch(/\/sign-in\//);
    const callback = await user.authorize(url);
    // openid-client checks auth_time against max_age.
    const next = await client.authorizationCodeGrant(setup.spa, callback, { ...checks, maxAge: 0 });
    expect(next.claims()!.auth_time).toBeGreaterThan(tokens.claims()!.auth_time!);
  });

  test('without redirect_uri is refused, even for a client with one registered (OIDC Core §3.1.2.1)', async () => {
    const { url } = await authorizationRequest(setup.spa);
    url.searchParams.delete('redirect_uri');
    const page = await new EndUser(setup.server).visit(url);
    expect(page.status).toBe(400);
    expect(page.url).not.toContain(redirectUri);
    expect(page.html).toContain('invalid_request');
  });

  test('errors: an unknown client or redirect URI is shown, not redirected; other errors go back to the app', async () => {
    const user = new EndUser(setup.server);
    const unknownClient = await authorizationRequest(setup.spa, { client_id: 'nosuchclient' });
    expect(await user.visit(unknownClient.url)).toMatchObject({ status: 400, html: expect.stringContaining('invalid_client') });
    const foreignRedirect = await authorizationRequest(setup.spa, { redirect_uri: 'https://evil.example.test/callback' });
    expect(await user.visit(foreignRedirect.url)).toMatchObject({ status: 400, html: expect.stringContaining('invalid_redirect_uri') });

    const errorAtApp = async (params: Record<string, string>, remove: string[] = []) => {
      const { url, checks } = await authorizationRequest(setup.spa, params);
      for (const name of remove) url.searchParams.delete(name);
      const landed = new URL((await user.visit(url)).url);
      expect(landed.href.startsWith(redirectUri)).toBe(true);
      // A response type other than code would be answered in the fragment.
      const answer = new URLSearchParams(landed.search || landed.hash.slice(1));
      expect(answer.get('state')).toBe(checks.expectedState);
      return answer.get('error');
    };
    expect(await errorAtApp({ response_type: 'token' })).toBe('unsupported_response_type');
    expect(await errorAtApp({}, ['response_type'])).toBe('invalid_request');
    expect(await errorAtApp({}, ['code_challenge', 'code_challenge_method'])).toBe('invalid_request');
  });
});
