import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  authorizationRequest,
  client,
  conformanceSetup,
  EndUser,
  postLogoutRedirectUri,
  signedUp,
  type Conformance,
} from './support.ts';

/** The config test plan (discovery and JWKS) and the RP-initiated logout test plan. */

let setup: Conformance;
// Behind a TLS proxy, as in production: a request with X-Forwarded-Proto https counts as https.
beforeAll(async () => {
  setup = await conformanceSetup('logout', { TRUST_PROXY: '1' });
});
afterAll(() => setup?.server.close());

describe('discovery', () => {
  test('the document names its issuer (openid-client checks it against the URL) and the required fields', () => {
    const metadata = setup.spa.serverMetadata();
    expect(metadata.issuer).toBe(setup.issuer);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri', 'end_session_endpoint'] as const) {
      expect(metadata[endpoint]).toMatch(new RegExp(`^${setup.issuer}/`));
    }
    expect(metadata.scopes_supported).toContain('openid');
    expect(metadata.subject_types_supported).toContain('public');
    expect(metadata.code_challenge_methods_supported).toContain('S256');
    expect(metadata.id_token_signing_alg_values_supported?.length).toBeGreaterThan(0);
    expect(metadata.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'username']));
  });

  test('advertises only what works: the code response type and the client authentications the apps use', () => {
    const metadata = setup.spa.serverMetadata();
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.grant_types_supported).not.toContain('implicit');
    expect([...metadata.token_endpoint_auth_methods_supported!].sort()).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
  });

  test('the JWKS holds public signing keys with a kid, and the ID token is signed with one of them', async () => {
    const { keys } = (await (await fetch(setup.spa.serverMetadata().jwks_uri!)).json()) as { keys: Record<string, string>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.kid).toEqual(expect.any(String));
      expect(key).not.toHaveProperty('d');
    }
    const { tokens } = await signedUp(setup, setup.spa);
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as { alg: string; kid: string };
    expect(keys.map((key) => key.kid)).toContain(header.kid);
    expect(setup.spa.serverMetadata().id_token_signing_alg_values_supported).toContain(header.alg);
  });

  test('the claims parameter: used when advertised, otherwise advertised as unsupported', async () => {
    const metadata = setup.spa.serverMetadata();
    if (!metadata.claims_parameter_supported) {
      expect(metadata.claims_parameter_supported).toBe(false);
      return;
    }
    const claims = JSON.stringify({ id_token: { email: { essential: true } } });
    const { tokens } = await signedUp(setup, setup.spa, { scope: 'openid', claims });
    expect(tokens.claims()!.email).toEqual(expect.any(String));
  });
});

/** The logout page's form, submitted as its script does; answers where the browser ends. */
const confirmLogout = async (user: EndUser, page: { url: string; html: string }) => {
  const action = /<form[^>]*action="([^"]+)"/.exec(page.html)?.[1];
  if (!action) throw new Error(`no logout form in ${page.html}`);
  const fields = Object.fromEntries([...page.html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map((m) => [m[1]!, m[2]!]));
  const url = new URL(action.replaceAll('&amp;', '&'), page.url).href;
  const response = await user.browser.postForm(url, fields);
  const location = response.headers.get('location');
  await response.body?.cancel();
  return location ? new URL(location, url) : undefined;
};

/** Whether the user's session still signs in silently. */
const hasSession = async (user: EndUser) => {
  const { url } = await authorizationRequest(setup.spa, { prompt: 'none' });
  return new URL((await user.visit(url)).url).searchParams.has('code');
};

describe('RP-initiated logout', () => {
  test.each(['GET', 'POST'] as const)('by %s with id_token_hint, post_logout_redirect_uri and state: back to the app with state, session ended', async (method) => {
    const { user, tokens } = await signedUp(setup, setup.spa);
    expect(await hasSession(user)).toBe(true);
    const params = { id_token_hint: tokens.id_token!, post_logout_redirect_uri: postLogoutRedirectUri, state: client.randomState() };
    const url = client.buildEndSessionUrl(setup.spa, params);
    const endpoint = `${url.origin}${url.pathname}`;
    const answer = method === 'GET' ? await user.browser.request(url.href) : await user.browser.postForm(endpoint, params);
    const page = await user.toPage(answer, endpoint);
    expect(page.status).toBe(200);
    const back = await confirmLogout(user, page);
    expect(back?.href.startsWith(postLogoutRedirectUri)).toBe(true);
    expect(back?.searchParams.get('state')).toBe(params.state);
    expect(await hasSession(user)).toBe(false);
  });

  test('a post_logout_redirect_uri not registered for the client is refused', async () => {
    const { user, tokens } = await signedUp(setup, setup.spa);
    const url = client.buildEndSessionUrl(setup.spa, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'https://evil.example.test/' });
    const page = await user.visit(url);
    expect(page.status).toBe(400);
    expect(page.html).toContain('invalid_request');
    expect(await hasSession(user)).toBe(true);
  });
});

describe("the session cookie goes with an app's cross-site POST", () => {
  /** The Set-Cookie lines of signing in, through a proxy saying https or not. */
  const sessionCookies = async (proto: 'https' | 'http') => {
    const user = new EndUser(setup.server);
    const { url } = await authorizationRequest(setup.spa);
    const headers = { 'x-forwarded-proto': proto };
    const page = await user.toPage(await user.browser.request(url.href, { headers }), url.href);
    const { username, email, password } = user.credentials;
    const form = await user.browser.request(`${page.url}/register`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, email, password, confirmPassword: password }),
    });
    // The issuer sends the browser to its https URL, which the proxy would take; the test server itself is plain http.
    const location = new URL(form.headers.get('location')!, page.url);
    location.protocol = 'http:';
    const resume = await user.browser.request(location.href, { headers });
    await Promise.all([form.body?.cancel(), resume.body?.cancel()]);
    return resume.headers.getSetCookie().filter((line) => line.startsWith(`_session.${setup.tenantId}`));
  };

  test('over https it is SameSite=None and Secure; over plain http, where browsers would drop it, Lax', async () => {
    const secure = await sessionCookies('https');
    expect(secure.length).toBeGreaterThan(0);
    for (const line of secure) expect(line.toLowerCase()).toMatch(/samesite=none.*secure|secure.*samesite=none/);
    const plain = await sessionCookies('http');
    expect(plain.length).toBeGreaterThan(0);
    for (const line of plain) expect(line.toLowerCase()).toContain('samesite=lax');
  });
});
