import { createHash, randomBytes } from 'node:crypto';
import { adminConsoleAppId, consolePath } from '#schemas/constants.ts';
import type { Edition } from '#schemas/config.ts';
import { base64url, ConsoleSession, consoleResources, consoleScopes, type TokenResponse } from './console-session.ts';
import { Browser } from './http-browser.ts';

/**
 * A fetch-only stand-in for the console's @logto/browser client: it walks the real sign-in pages (authorization code
 * with PKCE, the same parameters the console sends) and then asks the token endpoint for resource and organization
 * tokens.
 */

export { Browser } from './http-browser.ts';
export { ConsoleSession } from './console-session.ts';

export type AuthOptions = {
  edition: Edition;
  /** Sign-up mode as the SDK sends `interactionMode: 'signUp'`. */
  signUp?: boolean;
  /** The SDK's `firstScreen`, e.g. `register`. */
  firstScreen?: string;
  uiLocales?: string;
  acceptLanguage?: string;
  /** Further authorization parameters, e.g. `login_hint` or `identifier`. */
  params?: Record<string, string>;
};

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
  for (const [name, value] of Object.entries(options.params ?? {})) query.append(name, value);

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
