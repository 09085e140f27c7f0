import * as client from 'openid-client';
import type { FormItem } from '#schemas/connector.ts';
import { isLoopbackHost } from '../../../../net/loopback.ts';
import { Lru } from '../../../../tenant-runtime/lru.ts';
import type { ConfigCheck, ConnectorContext, ConnectorError, ConnectorFactory, SocialConnector } from '../../factory.ts';
import { checkAgainst, failureOf, scopesOf, sessionSecretsOf, succeeded, text } from './kit.ts';
import { clientItems, extraParamsOf } from './form-items.ts';
import { logos, readmes } from './readmes.ts';
import { factoryTexts } from './texts.ts';

/** The config of a standard OpenID Connect connector (connectors.md §6): discovery, or explicit endpoints. */
export const oidcFormItems: FormItem[] = [
  {
    key: 'issuer',
    label: 'Issuer',
    type: 'Text',
    required: true,
    placeholder: 'https://accounts.example.com',
    description: 'The provider’s issuer. Its /.well-known/openid-configuration gives the endpoints unless you fill them in below.',
  },
  ...clientItems('openid profile email'),
  {
    key: 'tokenEndpointAuthMethod',
    label: 'Token endpoint authentication',
    type: 'Select',
    required: true,
    defaultValue: 'client_secret_basic',
    selectItems: [
      { value: 'client_secret_basic', title: 'Client secret in the Authorization header (basic)' },
      { value: 'client_secret_post', title: 'Client secret in the request body (post)' },
    ],
  },
  {
    key: 'trustUnverifiedEmail',
    label: 'Trust unverified e-mail',
    type: 'Switch',
    defaultValue: false,
    description: 'Treat the e-mail as verified even when the ID token says email_verified is false or leaves it out. Only for providers that check every address.',
  },
  { key: 'authorizationEndpoint', label: 'Authorization endpoint', type: 'Text', description: 'Only without discovery: fill in all three endpoints.' },
  { key: 'tokenEndpoint', label: 'Token endpoint', type: 'Text' },
  { key: 'jwksUri', label: 'JWKS URI', type: 'Text' },
  { key: 'userinfoEndpoint', label: 'User info endpoint', type: 'Text' },
  {
    key: 'extraAuthParams',
    label: 'Extra authorization parameters',
    type: 'Json',
    defaultValue: {},
    description: 'Added to the authorization request, e.g. {"prompt": "select_account"}.',
  },
];

const urlKeys = ['issuer', 'authorizationEndpoint', 'tokenEndpoint', 'jwksUri', 'userinfoEndpoint'];

export const checkOidcConfig = (config: Record<string, unknown>): ConfigCheck => {
  const checked = checkAgainst(oidcFormItems, config, urlKeys);
  if (!checked.ok) return checked;
  const explicit = ['authorizationEndpoint', 'tokenEndpoint', 'jwksUri'].filter((key) => text(checked.config, key));
  if (explicit.length > 0 && explicit.length < 3) {
    return { ok: false as const, fields: { authorizationEndpoint: 'endpoints_together' } };
  }
  return checked;
};

/** Discovered configurations, so a sign-in asks the provider only for its token (and keys it has not seen). */
const configurations = new Lru<string, { at: number; configuration: Promise<client.Configuration> }>(200);
const configurationTtlMs = 10 * 60 * 1000;
const requestTimeoutSeconds = 10;

const configurationOf = (config: Record<string, unknown>, fetch: typeof globalThis.fetch) => {
  const issuer = text(config, 'issuer');
  const secret = text(config, 'clientSecret');
  const auth = text(config, 'tokenEndpointAuthMethod') === 'client_secret_post' ? client.ClientSecretPost(secret) : client.ClientSecretBasic(secret);
  const key = JSON.stringify([urlKeys.map((name) => text(config, name)), text(config, 'clientId'), secret, text(config, 'tokenEndpointAuthMethod')]);
  const cached = configurations.get(key);
  if (cached && Date.now() - cached.at < configurationTtlMs) return cached.configuration;
  const options = {
    [client.customFetch]: ((url, init) => fetch(url, init as RequestInit)) as client.CustomFetch,
    timeout: requestTimeoutSeconds,
    // Plain http only to a provider on this machine (another tenant of this server in development and tests).
    execute: isLoopbackHost(new URL(issuer).hostname) ? [client.allowInsecureRequests] : [],
  };
  const configuration = text(config, 'authorizationEndpoint')
    ? Promise.resolve(
        new client.Configuration(
          {
            issuer,
            authorization_endpoint: text(config, 'authorizationEndpoint'),
            token_endpoint: text(config, 'tokenEndpoint'),
            jwks_uri: text(config, 'jwksUri'),
            userinfo_endpoint: text(config, 'userinfoEndpoint') || undefined,
          },
          text(config, 'clientId'),
          undefined,
          auth,
        ),
      ).then((built) => {
        built[client.customFetch] = options[client.customFetch];
        built.timeout = requestTimeoutSeconds;
        for (const step of options.execute) step(built);
        return built;
      })
    : client.discovery(new URL(issuer), text(config, 'clientId'), undefined, auth, options);
  // A failed discovery is asked again next time.
  configuration.catch(() => configurations.delete(key));
  configurations.set(key, { at: Date.now(), configuration });
  return configuration;
};

/** What openid-client throws, as the connector error it means (spec 02 §8). */
export const oidcFailure = (error: unknown): ConnectorError => {
  if (error instanceof client.AuthorizationResponseError) return failureOf(`${error.error}${error.error_description ? `: ${error.error_description}` : ''}`, 'authorization_failed');
  if (error instanceof client.ResponseBodyError) {
    const message = `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
    if (error.error === 'invalid_grant') return failureOf(message, 'social_auth_code_invalid');
    if (error.error === 'invalid_client' || error.error === 'unauthorized_client') return failureOf(message, 'invalid_config');
    return failureOf(message, error.status === 429 ? 'rate_limit_exceeded' : 'general');
  }
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /JWT|JWS|ID_TOKEN/.test(code)) return failureOf(error, 'social_invalid_id_token');
  if (typeof code === 'string' && /RESPONSE_IS_NOT|INVALID_RESPONSE/.test(code)) return failureOf(error, 'invalid_response');
  return failureOf(error);
};

/** A standard OpenID Connect connector: authorization code with PKCE, state and nonce; the ID token verified by openid-client. */
export const oidcConnector = ({ config, fetch }: Pick<ConnectorContext, 'config' | 'fetch'>): SocialConnector => ({
  authorizationUri: async ({ state, redirectUri, nonce }) => {
    try {
      const configuration = await configurationOf(config, fetch);
      const secrets = sessionSecretsOf(nonce);
      const url = client.buildAuthorizationUrl(configuration, {
        ...extraParamsOf(config),
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: scopesOf(text(config, 'scope'), 'openid'),
        state,
        nonce: secrets.nonce,
        code_challenge: secrets.codeChallenge,
        code_challenge_method: 'S256',
      });
      return succeeded(url.href);
    } catch (error) {
      return { ok: false, error: failureOf(error, 'invalid_config') };
    }
  },
  userInfo: async ({ data, redirectUri, nonce }) => {
    try {
      const configuration = await configurationOf(config, fetch);
      const secrets = sessionSecretsOf(nonce);
      const callback = new URL(redirectUri);
      for (const [name, value] of Object.entries(data)) callback.searchParams.set(name, value);
      const tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedNonce: secrets.nonce,
        expectedState: data.state ?? client.skipStateCheck,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      const more = !claims.email && configuration.serverMetadata().userinfo_endpoint ? await client.fetchUserInfo(configuration, tokens.access_token, claims.sub) : {};
      const profile: Record<string, unknown> = { ...more, ...claims };
      const email = typeof profile.email === 'string' ? profile.email : undefined;
      return succeeded({
        id: claims.sub,
        email,
        // Apple writes the flag as a string.
        emailVerified: Boolean(email) && (profile.email_verified === true || profile.email_verified === 'true' || config.trustUnverifiedEmail === true),
        phone: typeof profile.phone_number === 'string' ? profile.phone_number : undefined,
        name: typeof profile.name === 'string' ? profile.name : undefined,
        avatar: typeof profile.picture === 'string' ? profile.picture : undefined,
        rawData: profile,
      });
    } catch (error) {
      return { ok: false, error: oidcFailure(error) };
    }
  },
});

export const oidcFactory: ConnectorFactory = {
  info: {
    id: 'oidc',
    type: 'Social',
    target: 'oidc',
    platform: 'Universal',
    isStandard: true,
    isDemo: false,
    ...factoryTexts.oidc,
    logo: logos.oidc,
    logoDark: null,
    readme: readmes.oidc,
    formItems: oidcFormItems,
  },
  checkConfig: checkOidcConfig,
  build: oidcConnector,
};
