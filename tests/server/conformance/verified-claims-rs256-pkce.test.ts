import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '#server/db/idp.ts';
import { Browser } from '#tests/support/oidc-client.ts';
import { createTenant } from '../billing-support.ts';
import { tenantData } from '../tenant-runtime-support.ts';
import { newAccount, signUpUser, startTestServer, type TestServer } from '../support.ts';

/**
 * Issue 21, 1.1, 1.4 and 1.5, as a relying party sees them: it knows the tenant's discovery document, its own client id
 * and secret, and drives the issuer with openid-client (a certified RP library).
 */

const redirectUri = 'https://rp.example.test/callback';
const metadata = { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } };

let server: TestServer;
let issuer: string;
let data: ReturnType<typeof tenantData>;

beforeAll(async () => {
  server = await startTestServer('cloud');
  const owner = await signUpUser(server, 'rpowner');
  const tenantId = (await createTenant(server, owner, { name: 'Relying parties' })).id;
  issuer = `${server.url}/t/${tenantId}/oidc`;
  data = tenantData(server.db, tenantId);
  await data.signUpByUsernameOrEmail();
});
afterAll(() => server?.close());

/** A Traditional app with its secret, as openid-client configures it from discovery. */
const traditionalApp = async (settings: { idTokenSignedResponseAlg?: 'ES256' | 'RS256'; requirePkce?: boolean } = {}) => {
  const { idTokenSignedResponseAlg, requirePkce } = settings;
  const clientId = await data.application('Traditional', {
    oidcClientMetadata: { ...metadata.oidcClientMetadata, ...(idTokenSignedResponseAlg ? { idTokenSignedResponseAlg } : {}) },
    customClientMetadata: requirePkce === undefined ? {} : { requirePkce },
  });
  const secret = await data.secret(clientId);
  const clientMetadata = idTokenSignedResponseAlg ? { id_token_signed_response_alg: idTokenSignedResponseAlg } : {};
  const config = await oidc.discovery(new URL(issuer), clientId, clientMetadata, oidc.ClientSecretBasic(secret), { execute: [oidc.allowInsecureRequests] });
  // Verify the ID token's signature against the issuer's JWKS too, not only its claims.
  oidc.enableNonRepudiationChecks(config);
  return config;
};

/**
 * Walks the tenant's sign-in pages from an authorization URL the client built, as a browser would: registers the
 * account, or signs it in with its password. Answers the URL the browser was sent back to (with a code or an error).
 */
const walk = async (authorizationUrl: URL, step: 'register' | 'password', account: { username: string; email: string; password: string }) => {
  const browser = new Browser(authorizationUrl.origin);
  const landed = await browser.follow(await browser.request(authorizationUrl.href), authorizationUrl.href, redirectUri);
  await landed.response.body?.cancel();
  if (landed.url.startsWith(redirectUri)) return new URL(landed.url);
  const fields: Record<string, string> =
    step === 'register'
      ? { username: account.username, email: account.email, password: account.password, confirmPassword: account.password }
      : { identifier: account.username, password: account.password };
  const action = `${landed.url}/${step}`;
  const done = await browser.follow(await browser.postForm(action, fields), action, redirectUri);
  await done.response.body?.cancel();
  if (!done.url.startsWith(redirectUri)) throw new Error(`the sign-in ended at ${done.url} (${done.response.status})`);
  return new URL(done.url);
};

/** An authorization-code sign-in with state and nonce, with PKCE unless `pkce` is false; answers the token response. */
const signIn = async (config: oidc.Configuration, step: 'register' | 'password', account: ReturnType<typeof newAccount>, { pkce = true } = {}) => {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const challenge: Record<string, string> = pkce ? { code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' } : {};
  const params = { redirect_uri: redirectUri, scope: 'openid profile email phone', state, nonce, interaction_mode: step === 'register' ? 'signUp' : 'signIn', ...challenge };
  const callback = await walk(oidc.buildAuthorizationUrl(config, params), step, account);
  if (callback.searchParams.has('error')) return { error: callback.searchParams.get('error') };
  const checks = { expectedState: state, expectedNonce: nonce, ...(pkce ? { pkceCodeVerifier: verifier } : {}) };
  return { tokens: await oidc.authorizationCodeGrant(config, callback, checks) };
};

describe('discovery and keys (OIDC Discovery §3)', () => {
  test('the issuer lists RS256 and ES256 for ID tokens and publishes a public key of each, without private members', async () => {
    const config = await oidc.discovery(new URL(issuer), 'any', undefined, undefined, { execute: [oidc.allowInsecureRequests] });
    const server = config.serverMetadata();
    expect(server.issuer).toBe(issuer);
    expect([...(server.id_token_signing_alg_values_supported ?? [])].sort()).toEqual(['ES256', 'RS256']);
    const { keys } = (await (await fetch(server.jwks_uri!)).json()) as { keys: Record<string, unknown>[] };
    expect(keys.map((key) => [key.kty, key.alg]).sort()).toEqual([
      ['EC', 'ES256'],
      ['RSA', 'RS256'],
    ]);
    for (const key of keys) for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(member);
  });
});

describe('an app chooses its ID token algorithm', () => {
  test('RS256: openid-client verifies the ID token against the JWKS of the discovery document', async () => {
    const config = await traditionalApp({ idTokenSignedResponseAlg: 'RS256' });
    const account = newAccount('rs256');
    const { tokens } = await signIn(config, 'register', account);
    expect(decodeProtectedHeader(tokens!.id_token!).alg).toBe('RS256');
    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
    const { payload } = await jwtVerify(tokens!.id_token!, jwks, { issuer, audience: config.clientMetadata().client_id, algorithms: ['RS256'] });
    expect(payload).toMatchObject({ sub: tokens!.claims()!.sub, username: account.username });
  });

  test('without the setting, ES256', async () => {
    const { tokens } = await signIn(await traditionalApp(), 'register', newAccount('es256'));
    expect(decodeProtectedHeader(tokens!.id_token!).alg).toBe('ES256');
  });
});

describe('PKCE (RFC 7636; RFC 9700 §2.1.1)', () => {
  test('a confidential app signs in without PKCE when its setting does not require it', async () => {
    const { tokens, error } = await signIn(await traditionalApp({ requirePkce: false }), 'register', newAccount('nopkce'), { pkce: false });
    expect(error).toBeUndefined();
    expect(tokens!.claims()!.sub).toEqual(expect.any(String));
  });

  test('a confidential app that requires PKCE, as by default, is refused without it and signs in with it', async () => {
    for (const config of [await traditionalApp({ requirePkce: true }), await traditionalApp()]) {
      expect(await signIn(config, 'register', newAccount('needpkce'), { pkce: false })).toEqual({ error: 'invalid_request' });
      expect((await signIn(config, 'register', newAccount('withpkce'))).tokens!.id_token).toEqual(expect.any(String));
    }
  });

  test('PKCE sent by an app that does not require it is still checked at the token endpoint', async () => {
    const config = await traditionalApp({ requirePkce: false });
    const state = oidc.randomState();
    const challenge = await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier());
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid', state, interaction_mode: 'signUp', code_challenge: challenge, code_challenge_method: 'S256' });
    const callback = await walk(url, 'register', newAccount('checked'));
    const refused = oidc.authorizationCodeGrant(config, callback, { expectedState: state, pkceCodeVerifier: oidc.randomPKCECodeVerifier() });
    await expect(refused).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  test('a public client is refused without PKCE, whatever its stored setting says', async () => {
    for (const type of ['SPA', 'Native'] as const) {
      const clientId = await data.application(type, { ...metadata, customClientMetadata: { requirePkce: false } });
      const config = await oidc.discovery(new URL(issuer), clientId, undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
      expect(await signIn(config, 'register', newAccount('public'), { pkce: false })).toEqual({ error: 'invalid_request' });
    }
  });
});

describe('verified identifiers (OIDC Core §5.1)', () => {
  test('an e-mail typed at registration is unverified in the ID token and at userinfo, until an administrator verifies it', async () => {
    const config = await traditionalApp();
    const account = newAccount('registered');
    const { tokens } = await signIn(config, 'register', account);
    const claims = tokens!.claims()!;
    expect(claims).toMatchObject({ email: account.email, email_verified: false });
    const userinfo = await oidc.fetchUserInfo(config, tokens!.access_token, claims.sub);
    expect(userinfo).toMatchObject({ email: account.email, email_verified: false });

    await server.db
      .update(users)
      .set({ primaryEmailVerifiedBy: 'admin', primaryPhone: '15550100', primaryPhoneVerifiedBy: 'admin' })
      .where(and(eq(users.tenantId, new URL(issuer).pathname.split('/')[2]!), eq(users.id, claims.sub)));
    const again = (await signIn(config, 'password', account)).tokens!;
    expect(again.claims()).toMatchObject({ email_verified: true, phone_number: '15550100', phone_number_verified: true });
    expect(await oidc.fetchUserInfo(config, again.access_token, claims.sub)).toMatchObject({ email_verified: true, phone_number_verified: true });
  });
});
