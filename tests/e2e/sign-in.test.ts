import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import {
  assertColorScheme, assertOnSignInPage, assertUrl, chooseInUserMenu, clickSignOut, fillSignIn, fillSignUp, goTo,
  newPersonDetails, reload,
} from '../support/e2e-steps.ts';

/** One person walks the whole sign-in life cycle of the cloud edition, on one data folder across a restart. */
describe('cloud edition: sign-in, preferences and sign-out', () => {
  const person = newPersonDetails('ada');
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-e2e-'));
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud', dataDir })]);
    ({ context, page } = await newPerson(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const profileLink = '/console/profile?x=1#h';
  const assertOnProfile = async () => {
    await page.getByRole('heading', { name: /^(Profile|Profil)$/, level: 1 }).waitFor();
    assertUrl(page, profileLink);
  };

  test('a new user opens a deep link signed out, signs up, and lands back on that exact link', async () => {
    await goTo(page, server.url, profileLink);
    await assertOnSignInPage(page);
    await fillSignUp(page, person);
    await page.waitForURL((url) => url.pathname === '/console/profile');
    await assertOnProfile();
    await page.getByRole('button', { name: person.username }).waitFor();
  });

  test('a reload keeps them signed in', async () => {
    await reload(page);
    await assertOnProfile();
    expect(new URL(page.url()).pathname).not.toMatch(/^\/interaction/);
  });

  test('a server restart keeps them signed in', async () => {
    await server.stop();
    server = await startServer({ edition: 'cloud', dataDir, port: server.port });
    await reload(page);
    await assertOnProfile();
    await page.getByRole('button', { name: person.username }).waitFor();
  });

  test('German and the dark theme are saved in preferences and survive a reload in a fresh browser', async () => {
    await chooseInUserMenu(page, person.username, 'Appearance', 'Dark');
    await assertColorScheme(page, 'dark');
    await chooseInUserMenu(page, person.username, 'Language', 'Deutsch');
    await page.getByRole('heading', { name: 'Profil', level: 1 }).waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await reload(page);
    await assertColorScheme(page, 'dark');
    await page.getByRole('heading', { name: 'Profil', level: 1 }).waitFor();

    // Local storage is per browser: a second browser only knows the choices through the saved preferences.
    const second = await newPerson(browser);
    await goTo(second.page, server.url, '/console/profile');
    await fillSignIn(second.page, person.username, person.password);
    await assertColorScheme(second.page, 'dark');
    await second.page.getByRole('heading', { name: 'Profil', level: 1 }).waitFor();
    await second.context.close();

    await chooseInUserMenu(page, person.username, 'Sprache', 'English');
    await chooseInUserMenu(page, person.username, 'Appearance', 'Light');
    await assertColorScheme(page, 'light');
  });

  test('sign-out ends the session: the next visit asks for the password again', async () => {
    const refreshToken = await page.evaluate(() => localStorage.getItem('logto:admin-console:refreshToken'));
    expect(refreshToken).toBeTruthy();
    await clickSignOut(page, person.username);
    await page.waitForURL((url) => !url.pathname.startsWith('/console/profile'));
    const refresh = await fetch(`${server.url}/oidc/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken ?? '', client_id: 'admin-console' }),
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
    // The issuer's session is gone too: a silent authorization request with the browser's cookies is refused.
    const silent = new URL('/oidc/auth', server.url);
    silent.search = new URLSearchParams({
      client_id: 'admin-console', response_type: 'code', scope: 'openid', prompt: 'none', state: 'silent',
      redirect_uri: `${server.url}/console/callback`, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256',
    }).toString();
    const answer = await context.request.get(silent.toString(), { maxRedirects: 0 });
    expect(answer.headers().location).toContain('error=login_required');
    await goTo(page, server.url, '/console/profile');
    await assertOnSignInPage(page);
    await fillSignIn(page, person.email, person.password);
    await page.getByRole('heading', { name: 'Profil', level: 1 }).waitFor();
    await context.close();
  });
});
