import { createHash } from 'node:crypto';
import { adminConsoleAppId, allScope, consolePath, resourceIndicators, tenantScopes, userScopes } from '#schemas/constants.ts';
import type { Edition } from '#schemas/config.ts';
import type { Browser } from './http-browser.ts';

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

export const base64url = (buffer: Buffer) => buffer.toString('base64url');

export type TokenResponse = {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
  expires_in: number;
  token_type: string;
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
