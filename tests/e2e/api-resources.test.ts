import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { assertUrl, fillSignUp, goTo, newPersonDetails, reload } from '../support/e2e-steps.ts';
import { signUpWithSandbox } from '../support/tenant-steps.ts';
import { createProductionTenant, tenantIdInUrl } from '../support/billing-steps.ts';
import {
  createApiResource, fillCreateApiResource, fillCreatePermission, goToApiResources, openResourceTab, resourceRowNames, saveChanges,
} from '../support/api-resource-steps.ts';

/** The console half of api-resources.md's scenarios A, B and D, and the free plan's quota, against a real server. */
describe('cloud edition: API resources', () => {
  let browser: Browser;
  let server: RunningServer;
  let page: Page;
  let tenantId = '';
  let ordersId = '';

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    ({ page } = await newPerson(browser));
    tenantId = await signUpWithSandbox(page, server.url, 'apis');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-apis-${task.name.slice(0, 2)}.png`) }).catch(() => {});
  });

  test('A 1-3. Only the management API at first, read-only; "Orders API" and its permission read:orders, with the whitespace and duplicate errors', async () => {
    await goToApiResources(page, server.url, tenantId);
    expect(await resourceRowNames(page)).toEqual([expect.stringContaining('Gatehouse Management API')]);
    await page.getByRole('link', { name: /Gatehouse Management API/ }).click();
    await page.getByRole('table', { name: 'Permissions' }).getByText('all', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'More actions' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create permission' }).count()).toBe(0);

    await goToApiResources(page, server.url, tenantId);
    await createApiResource(page, 'Orders API', 'https://orders.example.test');
    await page.waitForURL((url) => /\/api-resources\/[a-z0-9]+\/permissions$/.test(url.pathname));
    ordersId = new URL(page.url()).pathname.split('/')[4]!;
    await page.getByRole('heading', { level: 1, name: 'Orders API' }).waitFor();

    const dialog = await fillCreatePermission(page, 'read:orders');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Permissions' }).getByText('read:orders', { exact: true }).waitFor();

    const spaced = await fillCreatePermission(page, 'read orders');
    await spaced.getByText('Enter a name of 1 to 256 ASCII letters, digits and punctuation marks (no spaces, " or \\), such as read:orders.').waitFor();
    await spaced.getByRole('textbox', { name: 'Permission name' }).fill('read:orders');
    await spaced.getByRole('button', { name: 'Create permission' }).click();
    await spaced.getByText('A permission with this name already exists.').waitFor();
    expect(await spaced.getByRole('textbox', { name: 'Permission name' }).inputValue()).toBe('read:orders');
    await spaced.getByRole('button', { name: 'Cancel' }).click();
  });

  test('B 1-3. Token lifetime saved; an unsaved edit asks before leaving and is kept on Cancel; the default API tag moves', async () => {
    await goTo(page, server.url, `/console/${tenantId}/api-resources/${ordersId}/general`);
    const ttl = page.getByRole('textbox', { name: /Access token lifetime/ });
    await ttl.fill('600');
    await saveChanges(page);
    await page.getByText('Saved', { exact: true }).first().waitFor();
    await reload(page);
    expect(await page.getByRole('textbox', { name: /Access token lifetime/ }).inputValue()).toBe('600');

    await page.getByRole('textbox', { name: 'API name' }).fill('Orders API v2');
    await openResourceTab(page, 'Permissions');
    const leave = page.getByRole('dialog', { name: 'Leave this page?' });
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'detached' });
    assertUrl(page, `/console/${tenantId}/api-resources/${ordersId}/general`);
    expect(await page.getByRole('textbox', { name: 'API name' }).inputValue()).toBe('Orders API v2');
    await openResourceTab(page, 'Permissions');
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/permissions'));
    await page.getByRole('heading', { level: 1, name: 'Orders API' }).waitFor();

    await openResourceTab(page, 'General');
    await page.getByRole('switch', { name: /Default API/ }).check({ force: true });
    await saveChanges(page);
    await goToApiResources(page, server.url, tenantId);
    await page.getByRole('row', { name: /Orders API/ }).getByText('Default API').waitFor();

    await createApiResource(page, 'Billing API', 'https://billing.example.test');
    await page.waitForURL((url) => url.pathname.endsWith('/permissions'));
    await openResourceTab(page, 'General');
    await page.getByRole('switch', { name: /Default API/ }).check({ force: true });
    await saveChanges(page);
    await goToApiResources(page, server.url, tenantId);
    await page.getByRole('row', { name: /Billing API/ }).getByText('Default API').waitFor();
    expect(await page.getByRole('row', { name: /Orders API/ }).getByText('Default API').count()).toBe(0);
    await goTo(page, server.url, `/console/${tenantId}/api-resources/${ordersId}/general`);
    expect(await page.getByRole('switch', { name: /Default API/ }).isChecked()).toBe(false);
  });

  test('D. Created from a guide card, the API opens on its guide, whose code names its identifier and the tenant issuer', async () => {
    await goTo(page, server.url, `/console/${tenantId}/api-resources/create?guide=node`);
    await reload(page); // the create URL can be shared and reloaded
    await fillCreateApiResource(page, 'Inventory API', 'https://inventory.example.test');
    await page.waitForURL((url) => /\/api-resources\/[a-z0-9]+\/guide\/node$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Node.js (Express or Hono) with jose' }).waitFor();
    const code = (await page.locator('pre').allInnerTexts()).join('\n');
    expect(code).toContain("audience: 'https://inventory.example.test'");
    expect(code).toContain(`issuer: '${server.url}/t/${tenantId}/oidc'`);
  });

  test('Quota: a free production tenant has room for one API; the second shows the quota notice with the plan, nothing typed lost', async () => {
    await createProductionTenant(page, 'Shop', 'Create with Free');
    await page.waitForURL((url) => !url.pathname.includes(`/${tenantId}/`) && /^\/console\/[a-z0-9]+\//.test(url.pathname));
    const shopId = tenantIdInUrl(page);
    await goToApiResources(page, server.url, shopId);
    await createApiResource(page, 'Orders API', 'https://orders.example.test');
    await page.waitForURL((url) => url.pathname.endsWith('/permissions'));
    await goToApiResources(page, server.url, shopId);
    await createApiResource(page, 'Billing API', 'https://billing.example.test');
    const dialog = page.getByRole('dialog', { name: 'Create API resource' });
    await dialog.getByRole('alert').getByText("The Free plan's limit is reached for: API resources.").waitFor();
    expect(await dialog.getByRole('textbox', { name: 'API name' }).inputValue()).toBe('Billing API');
  });
});

describe('self-hosted edition: API resources', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'self-hosted' })]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the same page on the default tenant, with no quota: two APIs and two permissions', async () => {
    const { page } = await newPerson(browser);
    await goTo(page, server.url, '/console');
    await fillSignUp(page, newPersonDetails('root'));
    await page.waitForURL((url) => url.pathname.startsWith('/console/default/'));
    await goToApiResources(page, server.url, 'default');
    for (const [name, indicator] of [['Orders API', 'https://orders.example.test'], ['Billing API', 'https://billing.example.test']] as const) {
      await createApiResource(page, name, indicator);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await goToApiResources(page, server.url, 'default');
    }
    await page.getByRole('link', { name: /Billing API/ }).click();
    for (const name of ['read:billing', 'write:billing']) {
      await (await fillCreatePermission(page, name)).waitFor({ state: 'detached' });
      await page.getByRole('table', { name: 'Permissions' }).getByText(name, { exact: true }).waitFor();
    }
    expect(await resourceRowNamesAfter(page, server.url)).toEqual([
      expect.stringContaining('Gatehouse Management API'), expect.stringContaining('Billing API'), expect.stringContaining('Orders API'),
    ]);
  });

  const resourceRowNamesAfter = async (page: Page, baseUrl: string) => {
    await goToApiResources(page, baseUrl, 'default');
    return resourceRowNames(page);
  };
});
