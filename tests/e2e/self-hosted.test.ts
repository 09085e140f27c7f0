import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startReleaseFeed } from '../support/release-feed.ts';
import { assertOnSignInPage, assertUrl, fillSignIn, fillSignUp, goTo, newPersonDetails } from '../support/e2e-steps.ts';

describe('self-hosted edition', () => {
  let browser: Browser;
  let server: RunningServer;
  let feed: Awaited<ReturnType<typeof startReleaseFeed>>;

  beforeAll(async () => {
    feed = await startReleaseFeed('v1.25.0');
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({ edition: 'self-hosted', env: { RELEASE_INFO_URL: feed.url } }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await feed?.stop();
  });

  test('the first user becomes admin of the default tenant and sees the self-hosted top bar with the version badge', async () => {
    const { page, context } = await newPerson(browser);
    const admin = newPersonDetails('root');
    await goTo(page, server.url, '/console');
    await assertOnSignInPage(page);
    await fillSignUp(page, admin);

    // `/` goes to the default tenant's first sidebar item; as its admin they see the tenant's pages.
    await page.waitForURL((url) => url.pathname.startsWith('/console/default/'));
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.getByRole('link', { name: 'Applications' }).waitFor();
    await expect(sidebar.getByRole('link', { name: 'Tenant settings' }).count()).resolves.toBe(0);
    await expect(sidebar.getByRole('link', { name: 'Dashboard' }).count()).resolves.toBe(0);
    assertUrl(page, '/console/default/applications');

    const banner = page.getByRole('banner');
    await banner.getByText('Gatehouse', { exact: true }).waitFor();
    await banner.getByRole('link', { name: 'Version 1.24.0, a newer version is available' }).waitFor();

    const claims = await page.evaluate(() => {
      const idToken = localStorage.getItem('logto:admin-console:idToken') ?? '';
      return JSON.parse(atob(idToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    });
    expect(claims.organization_roles).toEqual(['default:admin']);
    await context.close();
  });

  test('then the sign-up is closed; an admin added with npm run ops -- add-admin signs in and opens the default tenant', async () => {
    const { page, context } = await newPerson(browser);
    await goTo(page, server.url, '/console');
    await assertOnSignInPage(page);
    await page.getByText('Sign-up is closed on this console. Ask one of its admins to add your account.').waitFor();
    await expect(page.getByRole('link', { name: 'Sign up' }).count()).resolves.toBe(0);

    const person = newPersonDetails('second');
    const added = (await server.ops(['add-admin', person.username])) as { initialPassword: string };
    await fillSignIn(page, person.username, added.initialPassword);
    await page.waitForURL((url) => url.pathname.startsWith('/console/default/'));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Applications' }).waitFor();
    await context.close();
  });
});
