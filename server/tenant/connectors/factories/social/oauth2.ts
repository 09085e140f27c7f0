import type { FormItem } from '#schemas/connector.ts';
import type { ConfigCheck, ConnectorContext, ConnectorFactory, ConnectorOutcome, SocialConnector } from '../../factory.ts';
import { clientItems, extraParamsOf } from './form-items.ts';
import { checkAgainst, failureOf, providerRefusal, refused, scopesOf, sessionSecretsOf, succeeded, text, valueAt } from './kit.ts';
import { logos, readmes } from './readmes.ts';
import { factoryTexts } from './texts.ts';

/** Where each field of the profile is in the user info answer (dot paths). */
export const defaultProfileMap = { id: 'id', email: 'email', name: 'name', avatar: 'avatar' };

export const oauth2FormItems = (defaults: { scope?: string; profileMap?: Record<string, string> } = {}): FormItem[] => [
  { key: 'authorizationEndpoint', label: 'Authorization endpoint', type: 'Text', required: true, placeholder: 'https://provider.example.com/oauth/authorize' },
  { key: 'tokenEndpoint', label: 'Token endpoint', type: 'Text', required: true, placeholder: 'https://provider.example.com/oauth/token' },
  { key: 'userInfoEndpoint', label: 'User info endpoint', type: 'Text', required: true, placeholder: 'https://provider.example.com/api/me' },
  ...clientItems(defaults.scope ?? ''),
  {
    key: 'tokenEndpointAuthMethod',
    label: 'Token endpoint authentication',
    type: 'Select',
    required: true,
    defaultValue: 'client_secret_post',
    selectItems: [
      { value: 'client_secret_post', title: 'Client secret in the request body (post)' },
      { value: 'client_secret_basic', title: 'Client secret in the Authorization header (basic)' },
    ],
  },
  {
    key: 'profileMap',
    label: 'Profile mapping',
    type: 'Json',
    defaultValue: defaults.profileMap ?? defaultProfileMap,
    description:
      'Where the user info answer holds each field, as dot paths: id (required), email, name, avatar, and emailVerified (a boolean; without it the e-mail is not treated as verified).',
  },
  { key: 'usePkce', label: 'Use PKCE', type: 'Switch', defaultValue: true, description: 'Send a PKCE code challenge (S256). Turn off only for providers that refuse it.' },
  { key: 'extraAuthParams', label: 'Extra authorization parameters', type: 'Json', defaultValue: {} },
];

const urlKeys = ['authorizationEndpoint', 'tokenEndpoint', 'userInfoEndpoint'];

export const checkOauth2Config = (items: FormItem[]) => (config: Record<string, unknown>): ConfigCheck => {
  const checked = checkAgainst(items, config, urlKeys);
  if (!checked.ok) return checked;
  const map = checked.config.profileMap as Record<string, unknown>;
  if (typeof map.id !== 'string' || !map.id) return { ok: false as const, fields: { profileMap: 'profile_map_id' } };
  if (Object.values(map).some((path) => typeof path !== 'string')) return { ok: false as const, fields: { profileMap: 'profile_map_paths' } };
  return checked;
};

const requestTimeoutMs = 10_000;

const readBody = async (response: Response): Promise<Record<string, unknown> | undefined> => {
  const body = await response.text();
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    // Some providers answer the token request form-encoded unless asked for JSON.
    const form = new URLSearchParams(body);
    return form.size > 0 ? Object.fromEntries(form) : undefined;
  }
};

const stringAt = (data: unknown, path: unknown) => {
  if (typeof path !== 'string' || !path) return undefined;
  const value = valueAt(data, path);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** A standard OAuth 2.0 connector: authorization code (with PKCE unless turned off), then the user info endpoint. */
export const oauth2Connector = ({ config, fetch }: Pick<ConnectorContext, 'config' | 'fetch'>): SocialConnector => {
  const usePkce = config.usePkce !== false;

  const exchange = async (code: string, redirectUri: string, codeVerifier: string): Promise<ConnectorOutcome<string>> => {
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    if (usePkce) body.set('code_verifier', codeVerifier);
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
    const [clientId, secret] = [text(config, 'clientId'), text(config, 'clientSecret')];
    if (text(config, 'tokenEndpointAuthMethod') === 'client_secret_basic') {
      headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    } else {
      body.set('client_id', clientId);
      body.set('client_secret', secret);
    }
    const response = await fetch(text(config, 'tokenEndpoint'), { method: 'POST', headers, body, signal: AbortSignal.timeout(requestTimeoutMs) });
    const answer = await readBody(response);
    if (response.status === 429) return refused('rate_limit_exceeded', `The token endpoint answered ${response.status}.`);
    if (typeof answer?.error === 'string') {
      const message = [answer.error, answer.error_description].filter((part) => typeof part === 'string').join(': ');
      if (answer.error === 'invalid_grant') return refused('social_auth_code_invalid', message);
      return refused(answer.error === 'invalid_client' ? 'invalid_config' : 'general', message);
    }
    if (!response.ok || typeof answer?.access_token !== 'string') return refused('invalid_response', `The token endpoint answered ${response.status} without an access token.`);
    return succeeded(answer.access_token);
  };

  return {
    authorizationUri: async ({ state, redirectUri, nonce }) => {
      const url = new URL(text(config, 'authorizationEndpoint'));
      const params: Record<string, string> = {
        ...extraParamsOf(config),
        response_type: 'code',
        client_id: text(config, 'clientId'),
        redirect_uri: redirectUri,
        state,
        ...(usePkce ? { code_challenge: sessionSecretsOf(nonce).codeChallenge, code_challenge_method: 'S256' } : {}),
      };
      const scope = scopesOf(text(config, 'scope'));
      if (scope) params.scope = scope;
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return succeeded(url.href);
    },
    userInfo: async ({ data, redirectUri, nonce }) => {
      const refusal = providerRefusal(data);
      if (refusal) return refusal;
      if (!data.code) return refused('insufficient_request_parameters', 'The callback has no code.');
      try {
        const token = await exchange(data.code, redirectUri, sessionSecretsOf(nonce).codeVerifier);
        if (!token.ok) return token;
        const response = await fetch(text(config, 'userInfoEndpoint'), {
          headers: { Authorization: `Bearer ${token.value}`, Accept: 'application/json' },
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        if (response.status === 401) return refused('social_invalid_access_token', 'The user info endpoint refused the access token.');
        const profile = response.ok ? await readBody(response) : undefined;
        if (!profile) return refused('invalid_response', `The user info endpoint answered ${response.status}.`);
        const map = (config.profileMap ?? defaultProfileMap) as Record<string, string>;
        const id = stringAt(profile, map.id);
        if (!id) return refused('invalid_response', `The user info answer has no id at "${map.id}".`);
        const email = stringAt(profile, map.email);
        return succeeded({
          id,
          email,
          emailVerified: Boolean(email) && typeof map.emailVerified === 'string' && valueAt(profile, map.emailVerified) === true,
          name: stringAt(profile, map.name),
          avatar: stringAt(profile, map.avatar),
          rawData: profile,
        });
      } catch (error) {
        return { ok: false, error: failureOf(error) };
      }
    },
  };
};

const items = oauth2FormItems();

export const oauth2Factory: ConnectorFactory = {
  info: {
    id: 'oauth2',
    type: 'Social',
    target: 'oauth2',
    platform: 'Universal',
    isStandard: true,
    isDemo: false,
    ...factoryTexts.oauth2,
    logo: logos.oauth2,
    logoDark: null,
    readme: readmes.oauth2,
    formItems: items,
  },
  checkConfig: checkOauth2Config(items),
  build: oauth2Connector,
};
