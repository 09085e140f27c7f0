import * as client from 'openid-client';
import { createTenant } from '../billing-support.ts';
import { newAccount, signUpUser, startTestServer, type TestServer } from '../support.ts';
import { tenantData } from '../tenant-runtime-support.ts';
import { Browser } from '#tests/support/oidc-client.ts';

/**
 * The conformance suite's relying parties: openid-client, configured from each tenant issuer's discovery document
 * alone, as the OpenID Foundation's basic, config and RP-initiated-logout test plans drive an OP.
 */

export const redirectUri = 'https://rp.example.test/callback';
export const postLogoutRedirectUri = 'https://rp.example.test/signed-out';

/** The relying party of an app: what openid-client knows after discovery, with the app's id and authentication. */
export const relyingParty = (issuer: string, clientId: string, secret?: string, auth: 'basic' | 'post' = 'basic') =>
  client.discovery(
    new URL(issuer),
    clientId,
    undefined,
    secret === undefined ? client.None() : auth === 'basic' ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret),
    // The test server speaks plain HTTP on loopback.
    { execute: [client.allowInsecureRequests] },
  );

/** A tenant with one app of each kind an end user signs in to, and a machine-to-machine app. */
export const conformanceSetup = async (prefix: string, env: Record<string, string> = {}) => {
  const server = await startTestServer('cloud', env);
  const owner = await signUpUser(server, prefix);
  const tenantId = (await createTenant(server, owner, { name: `Conformance ${prefix}` })).id;
  const issuer = `${server.url}/t/${tenantId}/oidc`;
  const data = tenantData(server.db, tenantId);
  await data.signUpByUsernameOrEmail();
  const uris = { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [postLogoutRedirectUri] } };
  const spaId = await data.application('SPA', uris);
  const webId = await data.application('Traditional', uris);
  const webSecret = await data.secret(webId);
  const machineId = await data.application('MachineToMachine');
  const machineSecret = await data.secret(machineId);
  return {
    server,
    owner,
    tenantId,
    issuer,
    data,
    spa: await relyingParty(issuer, spaId),
    web: await relyingParty(issuer, webId, webSecret),
    webPost: await relyingParty(issuer, webId, webSecret, 'post'),
    machine: await relyingParty(issuer, machineId, machineSecret),
    ids: { spa: spaId, web: webId, machine: machineId },
    secrets: { web: webSecret, machine: machineSecret },
  };
};
export type Conformance = Awaited<ReturnType<typeof conformanceSetup>>;

/** The checks an authorization request leaves the relying party with, and the URL it sends the browser to. */
export const authorizationRequest = async (rp: client.Configuration, params: Record<string, string> = {}) => {
  const codeVerifier = client.randomPKCECodeVerifier();
  const checks = { pkceCodeVerifier: codeVerifier, expectedState: client.randomState(), expectedNonce: client.randomNonce() };
  const url = client.buildAuthorizationUrl(rp, {
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    // OIDC Core §11: offline_access is granted with a consent prompt (which first-party apps pass without a page).
    prompt: 'consent',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: checks.expectedState,
    nonce: checks.expectedNonce,
    ...params,
  });
  return { url, checks };
};

export type Credentials = { username: string; email: string; password: string };
export const newEndUser = (): Credentials => newAccount('enduser');

/**
 * A browser at the tenant's pages: it follows the issuer's redirects, fills in the sign-in (or registration) form when
 * a page asks, and stops where the issuer sends it back to the app.
 */
export class EndUser {
  readonly browser: Browser;
  readonly credentials: Credentials;

  constructor(server: TestServer, credentials = newEndUser()) {
    this.browser = new Browser(server.url);
    this.credentials = credentials;
  }

  /** Follows `response` until the app's redirect URI (answered) or a page (thrown, with its status). */
  async toApp(response: Response, from: string) {
    const done = await this.browser.follow(response, from, redirectUri);
    if (!done.url.startsWith(redirectUri)) throw new Error(`ended at ${done.url} (${done.response.status})`);
    return new URL(done.url);
  }

  /** Follows `response` to the page it leads to, answering its URL and HTML. */
  async toPage(response: Response, from: string) {
    const landed = await this.browser.follow(response, from, redirectUri);
    const html = landed.url.startsWith(redirectUri) ? '' : await landed.response.text();
    return { url: landed.url, status: landed.response.status, html };
  }

  /** Goes to the authorization URL and, on the sign-in page, signs in (or registers): answers the callback URL. */
  async authorize(url: URL, { register = false, method = 'GET' }: { register?: boolean; method?: 'GET' | 'POST' } = {}) {
    const first =
      method === 'GET'
        ? await this.browser.request(url.href)
        : await this.browser.postForm(`${url.origin}${url.pathname}`, Object.fromEntries(url.searchParams));
    const page = await this.toPage(first, url.href);
    if (page.url.startsWith(redirectUri)) return new URL(page.url);
    const { username, email, password } = this.credentials;
    const [step, fields] = register
      ? ['register', { username, email, password, confirmPassword: password }]
      : ['password', { identifier: username, password }];
    const action = `${page.url}/${step}`;
    return this.toApp(await this.browser.postForm(action, fields as Record<string, string>), action);
  }

  /** Where the browser lands for `url` without signing in: the app (a code or an error) or a page of the issuer. */
  async visit(url: URL | string) {
    const href = String(url);
    return this.toPage(await this.browser.request(href), href);
  }
}

/** Signs a new end user up through `rp`'s code flow and answers the user and the token response. */
export const signedUp = async (setup: Conformance, rp: client.Configuration, params: Record<string, string> = {}) => {
  const user = new EndUser(setup.server);
  const { url, checks } = await authorizationRequest(rp, params);
  const callback = await user.authorize(url, { register: true });
  return { user, checks, tokens: await client.authorizationCodeGrant(rp, callback, checks) };
};

/** A form POST to an endpoint of the issuer, as a client sends it without openid-client (for refused requests). */
export const postForm = async (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

export const basicAuth = (id: string, secret: string) => ({ authorization: `Basic ${btoa(`${id}:${secret}`)}` });

export { client };
