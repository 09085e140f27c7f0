import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { assertOnSignInPage, fillSignUp, goTo, newPersonDetails } from '../support/e2e-steps.ts';

const refreshTokenKey = 'logto:admin-console:refreshToken';
const accessTokensKey = 'logto:admin-console:accessToken';
const profileLink = '/console/profile';

/**
 * Holds the page's next refresh-token grant: at the browser (`reachServer: false`, it never leaves), or once the server
 * has answered it (`true`: the refresh token is rotated there, and the answer is never delivered). Resolves with the
 * held request once it is held.
 */
function holdNextRefresh(page: Page, { reachServer }: { reachServer: boolean }) {
  return new Promise<Route>((held) => {
    let holding = false;
    void page.route('**/oidc/token', async (route) => {
      const isRefresh = new URLSearchParams(route.request().postData() ?? '').get('grant_type') === 'refresh_token';
      if (holding || !isRefresh) return route.continue();
      holding = true;
      if (reachServer) await route.fetch();
      held(route);
    });
  });
}

/** A navigation while a token refresh is under way must never sign anyone out (issue 21, the console's session). */
describe('cloud edition: navigating while the session refreshes', () => {
  const person = newPersonDetails('nav');
  let browser: Browser;
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    ({ context, page } = await newPerson(browser));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const assertSignedInOnProfile = async (tab = page) => {
    await tab.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await tab.getByRole('button', { name: person.username }).waitFor();
    expect(new URL(tab.url()).pathname).toBe(profileLink);
    expect(await tab.evaluate((key) => localStorage.getItem(key), refreshTokenKey)).toBeTruthy();
  };

  /**
   * Opens the profile page at once, without waiting for the console. Leaving a page aborts its requests under way,
   * and the old page runs on until the new one arrives: the held refresh fails there first, as the browser does it.
   */
  const openProfileDuring = async (refresh: Route) => {
    await refresh.abort('aborted');
    await page.goto(new URL(profileLink, server.url).toString());
    await page.unroute('**/oidc/token');
  };

  test('opening the console right after signing up, while the first refresh is under way, keeps them signed in', async () => {
    await goTo(page, server.url, profileLink);
    await assertOnSignInPage(page);
    const held = holdNextRefresh(page, { reachServer: false });
    await fillSignUp(page, person);
    await openProfileDuring(await held);
    await assertSignedInOnProfile();
  });

  test('a refresh the server answered but the page never received (rotated token lost) is recovered', async () => {
    // Without access tokens, the next page refreshes at once.
    await page.evaluate((key) => localStorage.removeItem(key), accessTokensKey);
    const held = holdNextRefresh(page, { reachServer: true });
    await page.reload();
    await openProfileDuring(await held);
    await assertSignedInOnProfile();
  });

  test('a second tab opened while the first one refreshes: both stay signed in', async () => {
    await page.evaluate((key) => localStorage.removeItem(key), accessTokensKey);
    const second = await context.newPage();
    // Both start without access tokens, so both refresh with the one stored refresh token at about the same time.
    await Promise.all([page.reload(), second.goto(new URL(profileLink, server.url).toString())]);
    await assertSignedInOnProfile(page);
    await assertSignedInOnProfile(second);
    await second.close();
  });
});
