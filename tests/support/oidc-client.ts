import { createHash, randomBytes } from 'node:crypto';
import {
  adminConsoleAppId,
  allScope,
  consolePath,
  resourceIndicators,
  tenantScopes,
  userScopes,
} from '#schemas/constants.ts';
import type { Edition } from '#schemas/config.ts';

/**
 * A fetch-only stand-in for the console's @logto/browser client: it walks the real sign-in pages (authorization code
 * with PKCE, the same parameters the console sends) and then asks the token endpoint for resource and organization
 * tokens.
 */

/** Scopes and resources the console asks for (contracts.md), plus the SDK's reserved scopes. */
export const consoleScopes = (edition: Edition) => [
  userScopes.openid,
  userScopes.offlineAccess,
  userScopes.profile,
  userScopes.email,
  userScopes.identities,
  userScopes.customData,
  userScopes.organizations,
  userScopes.organizationRoles,
  allScope,
  ...(edition === 'cloud' ? [...tenantScopes, 'create:tenant', 'manage:tenant:self'] : []),
];

export const consoleResources = (edition: Edition) => [
  resourceIndicators.cloud,
  resourceIndicators.me,
  ...(edition === 'self-hosted' ? [resourceIndicators.management('default')] : []),
];

export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /max-age=0\b|expires=thu, 01 jan 1970/i.test(line);
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

export type TokenResponse = {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
  expires_in: number;
  token_type: string;
};

export type AuthOptions = {
  edition: Edition;
  /** Sign-up mode as the SDK sends `interactionMode: 'signUp'`. */
  signUp?: boolean;
  /** The SDK's `firstScreen`, e.g. `register`. */
  firstScreen?: string;
  uiLocales?: string;
  acceptLanguage?: string;
};

/** A browser-like walk through redirects that keeps cookies. */
export class Browser {
  readonly jar = new CookieJar();
  readonly baseUrl: string;
  readonly acceptLanguage?: string;

  constructor(baseUrl: string, acceptLanguage?: string) {
    this.baseUrl = baseUrl;
    this.acceptLanguage = acceptLanguage;
  }

  async request(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header();
    if (cookie) headers.set('cookie', cookie);
    if (this.acceptLanguage) headers.set('accept-language', this.acceptLanguage);
    const response = await fetch(new URL(url, this.baseUrl), { ...init, headers, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  /** Follows redirects until a page answers or the browser is sent to `stopAt`; returns the last response and URL. */
  async follow(response: Response, from: string, stopAt: string) {
    let current = response;
    let url = from;
    while (current.status >= 300 && current.status < 400) {
      url = new URL(current.headers.get('location')!, url).href;
      await current.body?.cancel();
      if (url.startsWith(stopAt)) return { response: current, url };
      current = await this.request(url);
    }
    return { response: current, url };
  }

  postForm(url: string, fields: Record<string, string>) {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

/** An OIDC client as the tests drive it: the issuer it signs in at and what it asks for. */
export type AuthorizationClient = {
  issuer: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  resources: string[];
  prompt?: string;
};

export type AuthorizationOptions = Omit<AuthOptions, 'edition'>;

/** An authorization request waiting on the sign-in (or sign-up) page of its issuer. */
export type PendingAuthorization = {
  browser: Browser;
  /** The interaction page the browser landed on, e.g. http://localhost:3001/interaction/abc. */
  pageUrl: string;
  page: Response;
  html: string;
  /**
   * Posts a form of the pages (its step under the page, or under `at`) and returns the page, the tokens when it
   * redirects to the app (or the `error` it gets there), or the next page of the sign-in (`pageUrl`, e.g. a consent
   * page) when it redirects there.
   */
  submit: (
    step: string,
    fields: Record<string, string>,
    at?: string,
  ) => Promise<{ response: Response; html: string; tokens?: TokenResponse; code?: string; pageUrl?: string; error?: string }>;
};

/** Walks an authorization-code request with PKCE to its issuer's sign-in page, as the SDKs send it. */
export const authorize = async (client: AuthorizationClient, options: AuthorizationOptions = {}): Promise<PendingAuthorization> => {
  const { origin } = new URL(client.issuer);
  const browser = new Browser(origin, options.acceptLanguage);
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(12));
  const query = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state,
    response_type: 'code',
    prompt: client.prompt ?? 'login',
    scope: client.scopes.join(' '),
  });
  for (const resource of client.resources) query.append('resource', resource);
  if (options.signUp) query.append('interaction_mode', 'signUp');
  if (options.firstScreen) query.append('first_screen', options.firstScreen);
  if (options.uiLocales) query.append('ui_locales', options.uiLocales);

  const authUrl = `${client.issuer}/auth?${query}`;
  const landed = await browser.follow(await browser.request(authUrl), authUrl, client.redirectUri);
  const html = await landed.response.text();
  if (landed.response.status !== 200) throw new Error(`authorization did not reach a page: ${landed.response.status} ${html}`);

  const exchange = async (callbackUrl: string) => {
    const callback = new URL(callbackUrl);
    if (callback.searchParams.get('state') !== state) throw new Error(`state mismatch in ${callbackUrl}`);
    const code = callback.searchParams.get('code');
    if (!code) throw new Error(`no code in ${callbackUrl}`);
    const response = await fetch(`${client.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: client.clientId,
        code,
        code_verifier: verifier,
        redirect_uri: client.redirectUri,
      }),
    });
    const tokens = (await response.json()) as TokenResponse;
    if (!response.ok) throw new Error(`code exchange failed: ${JSON.stringify(tokens)}`);
    return { tokens, code };
  };

  return {
    browser,
    pageUrl: landed.url,
    page: landed.response,
    html,
    submit: async (step, fields, at = landed.url) => {
      const action = `${at.replace(/\/(sign-in|sign-up|password|register)$/, '')}/${step}`;
      const response = await browser.postForm(action, fields);
      if (response.status !== 303) return { response, html: await response.text() };
      const done = await browser.follow(response, action, client.redirectUri);
      if (done.response.status === 200 && !done.url.startsWith(client.redirectUri)) return { response: done.response, html: await done.response.text(), pageUrl: done.url };
      if (!done.url.startsWith(client.redirectUri)) throw new Error(`sign-in ended at ${done.url} (${done.response.status})`);
      const error = new URL(done.url).searchParams.get('error');
      if (error) return { response: done.response, html: '', error };
      return { response: done.response, html: '', ...(await exchange(done.url)) };
    },
  };
};

/** The console's own client at its issuer (/oidc). */
export const consoleClient = (baseUrl: string, edition: Edition): AuthorizationClient => ({
  issuer: `${baseUrl}/oidc`,
  clientId: adminConsoleAppId,
  redirectUri: `${baseUrl}${consolePath}/callback`,
  scopes: consoleScopes(edition),
  resources: consoleResources(edition),
  prompt: 'login consent',
});

/** An authorization request of the console waiting on the sign-in (or sign-up) page. */
export type PendingSignIn = Omit<PendingAuthorization, 'submit'> & {
  /** Posts a form of the pages and returns the page, or completes the sign-in when it redirects. */
  submit: (form: 'sign-in' | 'sign-up', fields: Record<string, string>) => Promise<{ response: Response; html: string; session?: ConsoleSession }>;
};

export const startAuthorization = async (baseUrl: string, options: AuthOptions): Promise<PendingSignIn> => {
  const pending = await authorize(consoleClient(baseUrl, options.edition), options);
  return {
    ...pending,
    submit: async (form, fields) => {
      const { tokens, code: _code, ...result } = await pending.submit(form, fields);
      if (tokens && !tokens.refresh_token) throw new Error(`code exchange gave no refresh token: ${JSON.stringify(tokens)}`);
      return tokens ? { ...result, session: new ConsoleSession(baseUrl, pending.browser, tokens) } : result;
    },
  };
};

export class ConsoleSession {
  /** The server process this session talks to. */
  readonly baseUrl: string;
  /** The deployment's public URL (PUBLIC_URL), which the registered redirect URIs use. */
  publicUrl: string;
  readonly browser: Browser;
  readonly initial: TokenResponse;
  refreshToken: string;

  constructor(baseUrl: string, browser: Browser, tokens: TokenResponse) {
    this.baseUrl = baseUrl;
    this.publicUrl = baseUrl;
    this.browser = browser;
    this.initial = tokens;
    this.refreshToken = tokens.refresh_token!;
  }

  /** The same signed-in browser and refresh token, talking to another server process of the same deployment. */
  via(baseUrl: string) {
    const other = new ConsoleSession(baseUrl, this.browser, this.initial);
    other.refreshToken = this.refreshToken;
    other.publicUrl = this.publicUrl;
    return other;
  }

  /** A raw refresh_token grant, as the SDK sends it; the stored refresh token is replaced when the server rotates it. */
  async refresh(params: { resource?: string; organizationId?: string; refreshToken?: string; scope?: string } = {}) {
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: adminConsoleAppId,
      refresh_token: params.refreshToken ?? this.refreshToken,
    });
    if (params.resource) body.append('resource', params.resource);
    if (params.organizationId) body.append('organization_id', params.organizationId);
    if (params.scope) body.append('scope', params.scope);
    const response = await fetch(`${this.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const json = (await response.json()) as TokenResponse & { error?: string; error_description?: string };
    if (response.ok && json.refresh_token && !params.refreshToken) this.refreshToken = json.refresh_token;
    return { status: response.status, body: json };
  }

  async accessToken(resource: string) {
    const { status, body } = await this.refresh({ resource });
    if (status !== 200) throw new Error(`token for ${resource} failed: ${JSON.stringify(body)}`);
    return body.access_token;
  }

  /** With `scope`, a token narrowed to those scopes (a subset of the sign-in's). */
  async organizationToken(organizationId: string, scope?: string) {
    const { status, body } = await this.refresh({ organizationId, scope });
    if (status !== 200) throw new Error(`token for ${organizationId} failed: ${JSON.stringify(body)}`);
    return body.access_token;
  }

  async userinfo(accessToken?: string) {
    const token = accessToken ?? (await this.refresh()).body.access_token;
    const response = await fetch(`${this.baseUrl}/oidc/me`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** What @logto/browser's signOut does: revoke the refresh token, then visit the end-session endpoint. */
  async signOut() {
    await fetch(`${this.baseUrl}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: adminConsoleAppId, token: this.refreshToken, token_type_hint: 'refresh_token' }),
    });
    const postLogout = `${this.publicUrl}${consolePath}`;
    const endUrl = `${this.baseUrl}/oidc/session/end?${new URLSearchParams({ client_id: adminConsoleAppId, post_logout_redirect_uri: postLogout })}`;
    const page = await this.browser.request(endUrl);
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map((match) => [match[1]!, match[2]!]),
    );
    if (!action) throw new Error(`no logout form in ${html}`);
    const confirmed = await this.browser.postForm(new URL(action.replaceAll('&amp;', '&'), endUrl).href, fields);
    await confirmed.body?.cancel();
    return { page: html, fields, confirmed };
  }

  /** Starts a new authorization with prompt=none on the same cookies: succeeds only while the session lives. */
  async hasLiveSession(edition: Edition) {
    const query = new URLSearchParams({
      client_id: adminConsoleAppId,
      redirect_uri: `${this.publicUrl}${consolePath}/callback`,
      code_challenge: base64url(createHash('sha256').update('x'.repeat(43)).digest()),
      code_challenge_method: 'S256',
      response_type: 'code',
      prompt: 'none',
      scope: consoleScopes(edition).slice(0, 3).join(' '),
      state: 'probe',
    });
    const response = await this.browser.request(`${this.baseUrl}/oidc/auth?${query}`);
    await response.body?.cancel();
    const location = response.headers.get('location') ?? '';
    return new URL(location, this.baseUrl).searchParams.has('code');
  }
}

/** Credentials of a new account: a username, an e-mail, or both. */
export type Account = { username?: string; email?: string; password: string };

export const signUp = async (baseUrl: string, account: Account, options: Omit<AuthOptions, 'signUp'>) => {
  const pending = await startAuthorization(baseUrl, { ...options, signUp: true });
  const result = await pending.submit('sign-up', {
    username: account.username ?? '',
    email: account.email ?? '',
    password: account.password,
    confirmPassword: account.password,
  });
  if (!result.session) throw new Error(`sign-up failed: ${result.response.status} ${result.html}`);
  return result.session;
};

export const signIn = async (baseUrl: string, identifier: string, password: string, options: Omit<AuthOptions, 'signUp'>) => {
  const pending = await startAuthorization(baseUrl, options);
  const result = await pending.submit('sign-in', { identifier, password });
  if (!result.session) throw new Error(`sign-in failed: ${result.response.status} ${result.html}`);
  return result.session;
};

/** Decodes a JWT's payload without verifying it (tests verify through the server's own checks). */
export const decodeJwt = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
