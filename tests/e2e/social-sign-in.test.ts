import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resourceIndicators } from '#schemas/constants.ts';
import { en } from '#server/i18n/locales/en.ts';
import { launchBrowser } from '../support/browser.ts';
import { signUp, type ConsoleSession } from '../support/oidc-client.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const t = en.pages;
const social = en.socialSignIn;

/**
 * Social sign-in in Chromium against the real server (connectors.md §9): scenario C 3–5 (the demo connector: a new
 * user, the same user again, the button gone with the connector) and D 6 (tenant B as tenant A's OpenID Connect
 * provider, through both tenants' pages). Everything is set up through the management API, as the console would.
 */
describe('social sign-in in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  let owner: ConsoleSession;
  let page: Page;
  const ids = { a: '', b: '', app: '' };
  const redirectUri = () => `${server.url.replace('localhost', '127.0.0.1')}/callback`;

  const api = async <T,>(tenantId: string, method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/m/${tenantId}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${await owner.organizationToken(`t-${tenantId}`)}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}: ${response.status}`).toBeLessThan(300);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  const tenant = async (name: string) => {
    const response = await fetch(`${server.url}/api/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await owner.accessToken(resourceIndicators.cloud)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, tag: 'development' }),
    });
    return ((await response.json()) as { id: string }).id;
  };
  const authorizationUrl = () =>
    `${server.url}/t/${ids.a}/oidc/auth?${new URLSearchParams({
      client_id: ids.app,
      redirect_uri: redirectUri(),
      response_type: 'code',
      scope: 'openid profile',
      state: 'state-1',
      prompt: 'login',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })}`;
  const usersWith = async (target: string) =>
    (await api<{ id: string; identities: Record<string, { userId: string }> }[]>(ids.a, 'GET', '/users?page_size=100')).filter((user) => user.identities?.[target]);
  const atApp = async () => {
    await page.waitForURL((url) => url.href.startsWith(redirectUri()));
    expect(new URL(page.url()).searchParams.get('code')).toEqual(expect.any(String));
  };

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    owner = await signUp(server.url, { username: `owner${Date.now().toString(36)}`, password: 'Correct-Horse-42' }, { edition: 'cloud' });
    [ids.a, ids.b] = [await tenant('Shop'), await tenant('Provider')];
    ids.app = (await api<{ id: string }>(ids.a, 'POST', '/applications', { name: 'Shop', type: 'SPA', oidcClientMetadata: { redirectUris: [redirectUri()], postLogoutRedirectUris: [] } })).id;
    // Scenario C 1–2: the demo connector, syncing the profile at each sign-in, on the sign-in page.
    await api(ids.a, 'POST', '/connectors', { connectorId: 'demo-social', id: 'demo-shop', syncProfile: true });
    // Scenario D 1–4: B's Traditional app with A's callback URI, then A's OIDC connector with B's issuer alone.
    const callbackUri = `${server.url}/t/${ids.a}/callback/tenant-b-shop`;
    const bApp = await api<{ id: string; secrets: { value: string }[] }>(ids.b, 'POST', '/applications', {
      name: 'Shop sign-in',
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: [callbackUri], postLogoutRedirectUris: [] },
    });
    const created = await api<{ callbackUri: string }>(ids.a, 'POST', '/connectors', {
      connectorId: 'oidc',
      id: 'tenant-b-shop',
      metadata: { target: 'tenant-b', name: { en: 'Tenant B' } },
      config: { issuer: `${server.url}/t/${ids.b}/oidc`, clientId: bApp.id, clientSecret: bApp.secrets[0]!.value, scope: 'openid profile email' },
    });
    expect(created.callbackUri).toBe(callbackUri);
    await api(ids.a, 'PATCH', '/sign-in-exp', {
      socialSignInConnectorTargets: ['demo', 'tenant-b'],
      signUp: { identifiers: ['username'], password: true, verify: false },
    });
    page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('C 3–4: continue with Demo as Demo User One, give the username the sign-up asks for; again: the same user', async () => {
    await page.goto(authorizationUrl());
    await page.getByRole('button', { name: social.continueWith('Demo social') }).click();
    await page.getByRole('button', { name: en.demoSocial.continueAs('Demo User One') }).click();
    await page.getByRole('heading', { name: t.flow.profileTitle }).waitFor();
    await page.getByLabel(t.usernameLabel).fill('demo_one');
    await page.getByRole('button', { name: t.flow.continueButton }).click();
    await atApp();
    const [user] = await usersWith('demo');
    expect(user).toMatchObject({ username: 'demo_one', name: 'Demo User One', identities: { demo: { userId: 'demo-user-1' } } });

    await page.context().clearCookies();
    await page.goto(authorizationUrl());
    await page.getByRole('button', { name: social.continueWith('Demo social') }).click();
    await page.getByRole('button', { name: en.demoSocial.continueAs('Demo User One') }).click();
    await atApp();
    expect((await usersWith('demo')).map(({ id }) => id)).toEqual([user!.id]);
  });

  test('D 6: continue with Tenant B, sign in on B’s page, back in A signed in; A’s user carries identity tenant-b with B’s sub', async () => {
    const bUser = await api<{ id: string }>(ids.b, 'POST', '/users', { username: 'bea_provider', password: 'Correct-Horse-42', name: 'Bea Provider' });
    await page.context().clearCookies();
    await page.goto(authorizationUrl());
    await page.getByRole('button', { name: social.continueWith('Tenant B') }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/t/${ids.b}/sign-in/`));
    await page.getByLabel(t.identifierLabel).fill('bea_provider');
    await page.getByLabel(t.passwordLabel).fill('Correct-Horse-42');
    await page.getByRole('button', { name: t.signInButton }).click();
    await page.getByRole('heading', { name: t.flow.profileTitle }).waitFor();
    expect(new URL(page.url()).pathname).toContain(`/t/${ids.a}/sign-in/`);
    await page.getByLabel(t.usernameLabel).fill('bea_at_shop');
    await page.getByRole('button', { name: t.flow.continueButton }).click();
    await atApp();
    const [user] = await usersWith('tenant-b');
    expect(user).toMatchObject({ username: 'bea_at_shop', name: 'Bea Provider', identities: { 'tenant-b': { userId: bUser.id } } });
  });

  test('C 5: with the demo connector deleted, the sign-in page has no Demo button', async () => {
    await api(ids.a, 'DELETE', '/connectors/demo-shop');
    await page.context().clearCookies();
    await page.goto(authorizationUrl());
    await page.getByRole('button', { name: social.continueWith('Tenant B') }).waitFor();
    expect(await page.getByRole('button', { name: social.continueWith('Demo social') }).count()).toBe(0);
  });
});
