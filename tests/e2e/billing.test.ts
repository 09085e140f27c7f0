import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { fillSignUp, goTo, newPersonDetails, reload, settle } from '../support/e2e-steps.ts';
import { fillOnboarding, switcherTenantNames } from '../support/tenant-steps.ts';
import { assertToast, createProductionTenant, payOnHostedCheckout, tenantIdInUrl, testCards } from '../support/billing-steps.ts';

/** Issue 4's scenario: one owner buys Pro through the local hosted checkout, then ops and limits change the tenant. */
describe('cloud edition: plans, checkout, subscription and quotas', () => {
  const owner = newPersonDetails('owner');
  let browser: Browser;
  let server: RunningServer;
  let page: Page;
  let shopId = '';

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    ({ page } = await newPerson(browser));
    await goTo(page, server.url, '/console');
    await fillSignUp(page, owner);
    await fillOnboarding(page, { name: 'Sandbox', region: 'Europe', collaborators: [] });
    await page.getByRole('button', { name: 'Create production tenant' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const openSubscription = async (tenantId: string) => {
    await goTo(page, server.url, `/console/${tenantId}/tenant-settings/subscription`);
    await page.getByRole('button', { name: 'Manage payment' }).waitFor();
  };

  test('a production tenant on Pro, paid with 4242: the upgrade toast, Pro on the subscription tab, an invoice in billing history', async () => {
    await createProductionTenant(page, 'Shop', 'Buy Pro');
    await payOnHostedCheckout(page, testCards.pays);
    await assertToast(page, 'Upgraded to the Pro plan');
    await page.waitForURL((url) => /^\/console\/[a-z0-9]+\//.test(url.pathname) && !url.pathname.includes('checkout'));
    shopId = tenantIdInUrl(page);
    await page.getByRole('banner').getByText('Shop').first().waitFor();

    await openSubscription(shopId);
    await page.getByText('Pro plan', { exact: true }).waitFor();
    await page.getByText('Next bill: $24.00').waitFor();
    await goTo(page, server.url, `/console/${shopId}/tenant-settings/billing-history`);
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await invoices.getByText('$24.00').waitFor();
    await invoices.getByText('Paid').waitFor();
  });

  test('a declined card leaves no tenant', async () => {
    await goTo(page, server.url, `/console/${shopId}/get-started`);
    await settle(page);
    await page.getByRole('banner').getByRole('button', { name: /^Current tenant:/ }).click();
    await page.getByRole('menuitem', { name: 'Create tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create tenant' });
    await dialog.getByLabel('Tenant name').fill('Declined');
    await dialog.getByRole('radio', { name: 'Production' }).check();
    await dialog.getByRole('button', { name: 'Create tenant', exact: true }).click();
    await page.getByRole('dialog', { name: 'Choose a plan' }).getByRole('button', { name: 'Buy Pro' }).click();
    await payOnHostedCheckout(page, testCards.declined);
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await goTo(page, server.url, `/console/${shopId}/get-started`);
    expect(await switcherTenantNames(page)).not.toContain('Declined');
  });

  test('a completion delayed past 10 s shows the timeout toast and goes to the root', async () => {
    await server.ops(['checkout-delay', '15000']);
    try {
      await goTo(page, server.url, `/console/${shopId}/get-started`);
      await settle(page);
      await page.getByRole('banner').getByRole('button', { name: /^Current tenant:/ }).click();
      await page.getByRole('menuitem', { name: 'Create tenant' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create tenant' });
      await dialog.getByLabel('Tenant name').fill('Slow');
      await dialog.getByRole('radio', { name: 'Production' }).check();
      await dialog.getByRole('button', { name: 'Create tenant', exact: true }).click();
      await page.getByRole('dialog', { name: 'Choose a plan' }).getByRole('button', { name: 'Buy Pro' }).click();
      await payOnHostedCheckout(page, testCards.pays);
      await page.waitForURL((url) => url.pathname === '/console/checkout-success-callback');
      await assertToast(page, 'Subscription check timeout');
      await page.waitForURL((url) => url.pathname !== '/console/checkout-success-callback');
    } finally {
      await server.ops(['checkout-delay', 'default']);
    }
  });

  test('downgrading to free shows the downgrade toast, and the plan is free', async () => {
    await openSubscription(shopId);
    await page.getByRole('button', { name: 'Downgrade to Free' }).click();
    await page.getByRole('dialog', { name: 'Downgrade to the Free plan?' }).getByRole('button', { name: 'Downgrade' }).click();
    await assertToast(page, 'Downgraded to the Free plan');
    await page.getByText('Free plan', { exact: true }).waitFor();
  });

  test('MAU usage at the limit: the upsell modal shows', async () => {
    await server.ops(['set-usage', shopId, '--mau', '50000']);
    await goTo(page, server.url, `/console/${shopId}/get-started`);
    const upsell = page.getByRole('dialog', { name: 'Monthly active user limit reached' });
    await upsell.waitFor();
    await page.keyboard.press('Escape');
    await upsell.waitFor({ state: 'hidden' });
    await reload(page);
    await page.getByRole('banner').getByText('Shop').first().waitFor();
    await settle(page);
    expect(await upsell.isVisible()).toBe(false); // dismissed for the session
  });

  test('ops adds an open invoice: the overdue modal and the overdue tag show', async () => {
    await server.ops(['add-invoice', shopId]);
    await goTo(page, server.url, `/console/${shopId}/get-started`);
    const overdue = page.getByRole('dialog', { name: 'Payment overdue' });
    await overdue.getByText(/Shop/).first().waitFor();
    await overdue.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('banner').getByRole('button', { name: /^Current tenant:/ }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: /Shop/ }).getByText('Overdue').waitFor();
    await page.keyboard.press('Escape');
  });

  test('ops suspends the tenant: the suspended page shows', async () => {
    await server.ops(['suspend', shopId]);
    await goTo(page, server.url, `/console/${shopId}/get-started`);
    await page.getByRole('heading', { name: 'Shop is suspended' }).waitFor();
    await page.getByRole('button', { name: 'Contact us' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0); // notices and upsells are hidden
  });
});
