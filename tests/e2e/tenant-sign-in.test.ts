import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { resourceIndicators } from '#schemas/constants.ts';
import { en } from '#server/i18n/locales/en.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signUp } from '../support/oidc-client.ts';

const t = en.pages;

/**
 * A tenant's sign-in page in Chromium with JavaScript off: a new user registers through plain form posts and the
 * browser ends at the app's redirect URI, on another origin than the page (the page's CSP lets its form be redirected
 * there), with an authorization code; then signs out on the issuer's end-session page and is sent back to the app.
 * The pages, in the tenant's brand colours, pass axe in the light scheme and, in Arabic, in the dark one.
 */
describe("a tenant's sign-in page in Chromium", () => {
  let browser: Browser;
  let server: RunningServer;
  let issuer: string;
  let clientId: string;
  let redirectUri: string;
  let postLogoutRedirectUri: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    const owner = await signUp(server.url, { username: `owner${Date.now().toString(36)}`, password: 'Correct-Horse-42' }, { edition: 'cloud' });
    const call = async (url: string, token: string, body: unknown) => {
      const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string };
    };
    const { id: tenantId } = await call(`${server.url}/api/tenants`, await owner.accessToken(resourceIndicators.cloud), { name: 'Shop', tag: 'development' });
    // The app lives on another origin than the sign-in page: 127.0.0.1 rather than localhost.
    const appOrigin = server.url.replace('localhost', '127.0.0.1');
    redirectUri = `${appOrigin}/callback`;
    postLogoutRedirectUri = `${appOrigin}/signed-out`;
    const app = await call(`${server.url}/m/${tenantId}/api/applications`, await owner.organizationToken(`t-${tenantId}`), {
      name: 'Shop',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [postLogoutRedirectUri] },
    });
    clientId = app.id;
    // Registration by a username (a cloud tenant's default is an e-mail alone), and the tenant's brand colours, with dark mode.
    const settings = await fetch(`${server.url}/m/${tenantId}/api/sign-in-exp`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await owner.organizationToken(`t-${tenantId}`)}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        signUp: { identifiers: ['username', 'email'], password: true, verify: false },
        color: { primaryColor: '#0a7d4f', isDarkModeEnabled: true, darkPrimaryColor: '#3ddc97' },
      }),
    });
    expect(settings.status).toBe(200);
    issuer = `${server.url}/t/${tenantId}/oidc`;
    context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const authorizationUrl = (extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile',
      state: 'state-1',
      prompt: 'consent',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ...extra,
    });
    return `${issuer}/auth?${query}`;
  };

  test('registers a user through plain form posts and returns to the app with a code', async () => {
    await page.goto(authorizationUrl({ first_screen: 'register' }));
    await page.getByRole('heading', { name: t.appSignUpTitle }).waitFor();
    await page.getByLabel(t.usernameLabel).fill('shopper_one');
    await page.getByLabel(t.passwordLabel, { exact: true }).fill('Correct-Horse-42');
    await page.getByLabel(t.confirmPasswordLabel).fill('Correct-Horse-42');
    await page.getByRole('button', { name: t.createAccountButton }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('state-1');
    expect(landed.searchParams.get('code')).toEqual(expect.any(String));
  });

  test.each([
    ['light', 'en'],
    ['dark', 'ar'],
  ] as const)('the sign-in and registration pages have no axe violations in the %s scheme (%s)', async (colorScheme, locale) => {
    const axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    // axe is a script of the test's, which the page's CSP would refuse.
    const checking = await browser.newContext({ colorScheme, locale, bypassCSP: true });
    const checked = await checking.newPage();
    for (const screen of ['', 'register']) {
      await checked.goto(authorizationUrl(screen ? { first_screen: screen } : {}));
      await checked.getByRole('button').waitFor();
      await checked.addScriptTag({ content: axe });
      const violations = await checked.evaluate(async () => {
        const { violations } = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string }[] }> } }).axe.run();
        return violations.map((violation) => violation.id);
      });
      expect({ screen, violations }).toEqual({ screen, violations: [] });
    }
    await checking.close();
  });

  test('signs out on the end-session page and returns to the app', async () => {
    await page.goto(`${issuer}/session/end?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: postLogoutRedirectUri })}`);
    await page.getByRole('button', { name: t.signOutButton }).click();
    await page.waitForURL(postLogoutRedirectUri);
  });
});
