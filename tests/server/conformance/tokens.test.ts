import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authorizationRequest, basicAuth, client, conformanceSetup, postForm, redirectUri, signedUp, type Conformance } from './support.ts';

/** Refresh, revocation, introspection and the token endpoint's errors, against RFC 6749, 7009, 7662 and 9700. */

let setup: Conformance;
beforeAll(async () => {
  setup = await conformanceSetup('tokens');
});
afterAll(() => setup?.server.close());

const tokenEndpoint = () => setup.spa.serverMetadata().token_endpoint!;

/** A raw refresh_token grant of the SPA, answering the status and body. */
const refreshAsSpa = (refreshToken: string) =>
  postForm(tokenEndpoint(), { grant_type: 'refresh_token', client_id: setup.ids.spa, refresh_token: refreshToken });

describe('refresh', () => {
  test('a refresh gives new tokens for the same subject, with a new refresh token (rotation)', async () => {
    const { tokens } = await signedUp(setup, setup.spa);
    const refreshed = await client.refreshTokenGrant(setup.spa, tokens.refresh_token!);
    expect(refreshed.claims()!.sub).toBe(tokens.claims()!.sub);
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const info = await client.fetchUserInfo(setup.spa, refreshed.access_token, tokens.claims()!.sub);
    expect(info.sub).toBe(tokens.claims()!.sub);
  });

  test('a used refresh token is refused at once, and its reuse revokes the grant (RFC 9700 §4.14.2)', async () => {
    const { tokens } = await signedUp(setup, setup.spa);
    const rotated = await client.refreshTokenGrant(setup.spa, tokens.refresh_token!);
    const reuse = await refreshAsSpa(tokens.refresh_token!);
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The grant is gone: the rotated refresh token and the access tokens of the grant stop working.
    expect(await refreshAsSpa(rotated.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await expect(client.fetchUserInfo(setup.spa, rotated.access_token, client.skipSubjectCheck)).rejects.toThrow();
  });

  test('a token of another client is refused', async () => {
    const { tokens } = await signedUp(setup, setup.web);
    expect(await refreshAsSpa(tokens.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('revocation (RFC 7009)', () => {
  test('a revoked refresh token no longer refreshes; its access token no longer reads userinfo', async () => {
    const { tokens } = await signedUp(setup, setup.spa);
    await client.tokenRevocation(setup.spa, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    expect(await refreshAsSpa(tokens.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await expect(client.fetchUserInfo(setup.spa, tokens.access_token, client.skipSubjectCheck)).rejects.toThrow();
  });

  test("another client's token is not revoked", async () => {
    const { tokens } = await signedUp(setup, setup.spa);
    const foreign = await postForm(
      setup.web.serverMetadata().revocation_endpoint!,
      { token: tokens.refresh_token!, token_type_hint: 'refresh_token' },
      basicAuth(setup.ids.web, setup.secrets.web),
    );
    expect(foreign.status).toBe(400);
    expect((await client.refreshTokenGrant(setup.spa, tokens.refresh_token!)).access_token).toEqual(expect.any(String));
  });
});

describe('introspection (RFC 7662)', () => {
  test("a client introspects its own tokens; another client's are inactive to it (§4)", async () => {
    const { tokens } = await signedUp(setup, setup.web);
    const own = await client.tokenIntrospection(setup.web, tokens.refresh_token!);
    expect(own).toMatchObject({ active: true, client_id: setup.ids.web, sub: tokens.claims()!.sub });

    const stranger = await setup.data.application('Traditional', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
    const strangerSecret = await setup.data.secret(stranger);
    for (const token of [tokens.refresh_token!, tokens.access_token]) {
      const answer = await postForm(setup.web.serverMetadata().introspection_endpoint!, { token }, basicAuth(stranger, strangerSecret));
      expect(answer).toEqual({ status: 200, body: { active: false } });
    }
    const machine = await client.tokenIntrospection(setup.machine, tokens.refresh_token!);
    expect(machine).toEqual({ active: false });
  });

  test('a JWT access token cannot be introspected: unsupported_token_type (README: APIs check its signature)', async () => {
    const indicator = 'https://api.conformance.example.test';
    await setup.data.resource(indicator, []);
    const { tokens } = await signedUp(setup, setup.web, { resource: indicator });
    const jwt = (await client.refreshTokenGrant(setup.web, tokens.refresh_token!, { resource: indicator })).access_token;
    expect(jwt.split('.')).toHaveLength(3);
    await expect(client.tokenIntrospection(setup.web, jwt)).rejects.toMatchObject({ error: 'unsupported_token_type' });
  });
});

describe('the token endpoint', () => {
  test('client_credentials for a machine-to-machine app', async () => {
    const tokens = await client.clientCredentialsGrant(setup.machine);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.access_token).toEqual(expect.any(String));
  });

  test('a grant type the client may not use is unauthorized_client (RFC 6749 §5.2)', async () => {
    const asMachine = basicAuth(setup.ids.machine, setup.secrets.machine);
    const code = await postForm(tokenEndpoint(), { grant_type: 'authorization_code', code: 'x', redirect_uri: 'https://rp.example.test/callback' }, asMachine);
    expect(code).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
    expect(await postForm(tokenEndpoint(), { grant_type: 'refresh_token', refresh_token: 'x' }, asMachine)).toMatchObject({
      status: 400,
      body: { error: 'unauthorized_client' },
    });
    const spa = await postForm(tokenEndpoint(), { grant_type: 'client_credentials', client_id: setup.ids.spa });
    expect(spa).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
  });

  test('errors: unsupported grant type, unknown client, wrong secret, unknown code', async () => {
    expect(await postForm(tokenEndpoint(), { grant_type: 'password', client_id: setup.ids.spa })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(await postForm(tokenEndpoint(), { grant_type: 'client_credentials' }, basicAuth('nosuchclient', 'x'))).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(await postForm(tokenEndpoint(), { grant_type: 'client_credentials' }, basicAuth(setup.ids.machine, 'wrong'))).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    const unknownCode = { grant_type: 'authorization_code', client_id: setup.ids.spa, code: 'nosuchcode', code_verifier: 'v'.repeat(43) };
    expect(await postForm(tokenEndpoint(), { ...unknownCode, redirect_uri: 'https://rp.example.test/callback' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  test('a code is used once: its second exchange is invalid_grant', async () => {
    const { user } = await signedUp(setup, setup.spa);
    const { url, checks } = await authorizationRequest(setup.spa, { prompt: 'none' });
    const callback = await user.authorize(url);
    await client.authorizationCodeGrant(setup.spa, callback, checks);
    await expect(client.authorizationCodeGrant(setup.spa, callback, checks)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
