import { describe, expect, it } from 'vitest';
import { connectorFactoryGuard } from '#schemas/connector.ts';
import { locales } from '#schemas/locales.ts';
import { socialFactories } from '#server/tenant/connectors/factories/social/index.ts';
import { sessionSecretsOf } from '#server/tenant/connectors/factories/social/kit.ts';

/**
 * The social factories by their configuration (connectors.md §6): the presets need the internet, so this is all that
 * is tested of them; demo, OpenID Connect and OAuth 2.0 also sign in for real in social-sign-in.test.ts.
 */
const factory = (id: string) => socialFactories.find((candidate) => candidate.info.id === id)!;
const noFetch = (() => Promise.reject(new Error('no network in this test'))) as typeof fetch;

describe('the social factories', () => {
  it.each(socialFactories.map((item) => [item.info.id, item] as const))('%s: a valid factory, named and described in every shipped language, with a guide', (_id, item) => {
    expect(connectorFactoryGuard.safeParse(item.info).success).toBe(true);
    expect(item.info.type).toBe('Social');
    for (const locale of locales) {
      expect(item.info.name[locale], locale).toBeTruthy();
      expect(item.info.description[locale], locale).toBeTruthy();
    }
    expect(item.info.readme).toMatch(/^# /);
    // Every confidential value is a client secret: never answered, sealed at rest.
    expect(item.info.formItems?.filter((formItem) => formItem.isConfidential).map((formItem) => formItem.key)).toEqual(item.info.id === 'demo-social' ? [] : ['clientSecret']);
  });

  it('the standard ones (OIDC, OAuth 2.0 and the presets) take any number of targets; the demo one is a normal factory', () => {
    expect(socialFactories.filter((item) => item.info.isStandard).map((item) => item.info.id)).toEqual(['oidc', 'oauth2', 'google', 'github', 'microsoft', 'apple']);
    expect(factory('demo-social').info).toMatchObject({ isStandard: false, isDemo: false, target: 'demo' });
  });

  it('refuses a config without its required values, or with a plain-http provider off this machine, naming the fields', () => {
    expect(factory('oidc').checkConfig({})).toEqual({ ok: false, fields: { issuer: 'required', clientId: 'required', clientSecret: 'required' } });
    expect(factory('oidc').checkConfig({ issuer: 'http://idp.example.com', clientId: 'c', clientSecret: 's' })).toMatchObject({ ok: false, fields: { issuer: 'https_url' } });
    expect(factory('oidc').checkConfig({ issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's', jwksUri: 'https://idp.example.com/jwks' })).toMatchObject({
      ok: false,
      fields: { authorizationEndpoint: 'endpoints_together' },
    });
    expect(factory('oauth2').checkConfig({ authorizationEndpoint: 'https://a.example', tokenEndpoint: 'https://t.example', userInfoEndpoint: 'https://u.example', clientId: 'c', clientSecret: 's', profileMap: { email: 'mail' } })).toEqual({
      ok: false,
      fields: { profileMap: 'profile_map_id' },
    });
    expect(factory('microsoft').checkConfig({ clientId: 'c', clientSecret: 's' })).toEqual({ ok: false, fields: { directoryId: 'required' } });
  });

  it('fills the defaults: the OIDC scope and authentication, the presets’ scopes', () => {
    expect(factory('oidc').checkConfig({ issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's' })).toMatchObject({
      ok: true,
      config: { scope: 'openid profile email', tokenEndpointAuthMethod: 'client_secret_basic', trustUnverifiedEmail: false, extraAuthParams: {} },
    });
    expect(factory('google').checkConfig({ clientId: 'c', clientSecret: 's' })).toMatchObject({ ok: true, config: { scope: 'openid profile email' } });
    expect(factory('apple').checkConfig({ clientId: 'c', clientSecret: 's' })).toMatchObject({ ok: true, config: { scope: 'openid name email' } });
  });

  it('GitHub: its own endpoints, the scope, PKCE from the sign-in’s secret, whatever the config says of endpoints', async () => {
    const checked = factory('github').checkConfig({ clientId: 'gh-client', clientSecret: 's', authorizationEndpoint: 'https://evil.example/authorize' });
    expect(checked.ok).toBe(true);
    const connector = factory('github').build({ config: checked.ok ? checked.config : {}, fetch: noFetch, db: undefined as never, tenantId: 't', connectorId: 'gh' });
    if (!('authorizationUri' in connector)) throw new Error('not a social connector');
    const url = await connector.authorizationUri({ state: 'uid.s1', redirectUri: 'https://id.example/t/t/callback/gh', nonce: 'secret' });
    expect(url.ok).toBe(true);
    const target = new URL(url.ok ? url.value : '');
    expect(`${target.origin}${target.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'gh-client',
      redirect_uri: 'https://id.example/t/t/callback/gh',
      state: 'uid.s1',
      scope: 'read:user user:email',
      code_challenge: sessionSecretsOf('secret').codeChallenge,
      code_challenge_method: 'S256',
    });
  });

  it('keeps the PKCE verifier off the wire: the nonce and the challenge sent do not give it away', () => {
    const secrets = sessionSecretsOf('per-sign-in-secret');
    expect(secrets.codeVerifier).not.toBe(secrets.nonce);
    expect(secrets.codeChallenge).not.toBe(secrets.codeVerifier);
    expect(sessionSecretsOf('per-sign-in-secret')).toEqual(secrets);
  });
});
