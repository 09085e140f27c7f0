import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { fillSignUp, goTo, newPersonDetails, settle } from '../support/e2e-steps.ts';
import { noViolations, violationsInBothThemes } from '../support/axe-steps.ts';
import { createProductionTenant, tenantIdInUrl } from '../support/billing-steps.ts';
import { fillOnboarding } from '../support/tenant-steps.ts';

/**
 * Every page of the console, signed in as the admin of a production tenant on the free plan (`{tenantId}`), with a
 * heading that shows once the page has loaded. A new page gets its line here.
 */
const consolePages = [
  { path: '/console/{tenantId}', heading: 'Get started' },
  { path: '/console/{tenantId}/tenant-settings/settings', heading: 'Tenant information' },
  { path: '/console/{tenantId}/tenant-settings/members', heading: 'Members' },
  { path: '/console/{tenantId}/tenant-settings/members/invitations', heading: 'Members' },
  { path: '/console/{tenantId}/tenant-settings/subscription', heading: 'Usage' },
  { path: '/console/{tenantId}/tenant-settings/billing-history', heading: 'Billing history' },
  { path: '/console/{tenantId}/tenant-settings/domains', heading: 'Domains' },
  { path: '/console/{tenantId}/applications', heading: 'Applications' },
  { path: '/console/{tenantId}/applications/third-party-applications', heading: 'Applications' },
  { path: '/console/{tenantId}/api-resources', heading: 'API resources' },
  { path: '/console/{tenantId}/api-resources/management-api/permissions', heading: 'Gatehouse Management API' },
  { path: '/console/{tenantId}/api-resources/management-api/general', heading: 'Gatehouse Management API' },
  { path: '/console/{tenantId}/roles', heading: 'Roles' },
  { path: '/console/{tenantId}/users', heading: 'Users' },
  { path: '/console/{tenantId}/audit-logs', heading: 'Audit logs' },
  { path: '/console/{tenantId}/sign-in-experience/branding', heading: 'Sign-in experience' },
  { path: '/console/{tenantId}/sign-in-experience/sign-up-and-sign-in', heading: 'Sign-in experience' },
  { path: '/console/{tenantId}/sign-in-experience/content', heading: 'Sign-in experience' },
  { path: '/console/{tenantId}/sign-in-experience/password-policy', heading: 'Sign-in experience' },
  { path: '/console/{tenantId}/connectors/passwordless', heading: 'Connectors' },
  { path: '/console/{tenantId}/connectors/social', heading: 'Connectors' },
  { path: '/console/{tenantId}/webhooks', heading: 'Webhooks' },
  { path: '/console/profile', heading: 'Profile' },
  { path: '/console/{tenantId}/no-such-page', heading: 'Page not found' },
] as const;

/** Issue 12: axe on the live pages (not only on stories), signed in, in the light and the dark theme. */
describe('accessibility of the live console: axe on every page, in both themes', () => {
  const person = newPersonDetails('axe');
  let browser: Browser;
  let server: RunningServer;
  let page: Page;
  let tenantId = '';

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    ({ page } = await newPerson(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-axe-${task.name.slice(0, 30).replace(/\W+/g, '-')}.png`) }).catch(() => {});
  });

  test('the sign-in and sign-up pages, which follow the system theme', async () => {
    await goTo(page, server.url, '/console');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await violationsInBothThemes(page)).toEqual(noViolations);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('Confirm password').waitFor();
    expect(await violationsInBothThemes(page)).toEqual(noViolations);

    await fillSignUp(page, person);
    await fillOnboarding(page, { name: 'Sandbox', region: 'Europe', collaborators: [] });
    await page.getByRole('button', { name: 'Create production tenant' }).waitFor();
    const sandboxId = tenantIdInUrl(page);
    await createProductionTenant(page, 'Shop', 'Create with Free');
    await page.waitForURL((url) => (url.pathname.split('/')[2] ?? sandboxId) !== sandboxId);
    await page.getByRole('banner').getByText('Shop').first().waitFor();
    tenantId = tenantIdInUrl(page);
  });

  test.each(consolePages)('$path', async ({ path: pagePath, heading }) => {
    await goTo(page, server.url, pagePath.replace('{tenantId}', tenantId));
    await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
    await settle(page);
    expect(await violationsInBothThemes(page)).toEqual(noViolations);
  });
});
