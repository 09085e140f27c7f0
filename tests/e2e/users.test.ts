import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { fillSignIn, fillSignUp, goTo, newPersonDetails } from '../support/e2e-steps.ts';
import { startSpaApp, type SpaApp } from '../support/spa-app.ts';
import { fillOnboarding } from '../support/tenant-steps.ts';
import { tenantIdInUrl } from '../support/billing-steps.ts';
import { createApiResource, fillCreatePermission, goToApiResources } from '../support/api-resource-steps.ts';
import {
  addRedirectUri, clientCredentials, createApplicationFromGuide, createRole, discover, patchSignInExperience, signUpByUsernameOrEmail, spaSignedIn,
} from '../support/runtime-steps.ts';

/**
 * Issue 14's scenarios against a real server and a real app: an end user registers through a tenant's app; the admin
 * finds them on the users page, gives them a role, suspends and reactivates them, reads what happened in the audit
 * log, and suspends three users at once.
 */
describe("cloud edition: an admin administers a tenant's end users and reads its audit log", () => {
  const orders = 'https://orders.example.test';
  const endUser = newPersonDetails('shopper');
  let browser: Browser;
  let server: RunningServer;
  let spa: SpaApp;
  let admin: Page;
  let tenantId = '';
  let endpoint = '';
  let appId = '';
  let userId = '';
  let shopper: { page: Page; context: BrowserContext };

  beforeAll(async () => {
    [browser, server, spa] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' }), startSpaApp()]);
    ({ page: admin } = await newPerson(browser));
    await goTo(admin, server.url, '/console');
    const owner = newPersonDetails('owner');
    await fillSignUp(admin, owner);
    await fillOnboarding(admin, { name: 'Shop', region: 'Europe', collaborators: [] });
    await admin.waitForURL((url) => /^\/console\/[a-z0-9]+\/[a-z-]+/.test(url.pathname) && !url.pathname.includes('onboarding'));
    tenantId = tenantIdInUrl(admin);
    endpoint = `${server.url}/t/${tenantId}`;
    await patchSignInExperience(server.url, 'cloud', owner, tenantId, signUpByUsernameOrEmail);
    const app = await createApplicationFromGuide(admin, server.url, tenantId, 'spa-react', 'Storefront');
    appId = app.id;
    await addRedirectUri(admin, server.url, tenantId, app.id, spa.redirectUri);
    await goToApiResources(admin, server.url, tenantId);
    await createApiResource(admin, 'Orders API', orders);
    await admin.waitForURL((url) => url.pathname.endsWith('/permissions'));
    await (await fillCreatePermission(admin, 'read:orders')).waitFor({ state: 'detached' });
    await createRole(admin, server.url, tenantId, { name: 'Viewer', description: 'Reads orders', type: 'User', permission: /read:orders/ });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await spa?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await admin.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-users-${task.name.slice(0, 2)}.png`) }).catch(() => {});
  });

  const storefront = (extra: Record<string, string> = {}) => spa.url({ endpoint, appId, resource: orders, scope: 'read:orders', ...extra });
  const usersTable = () => admin.getByRole('table', { name: 'Users' });
  const openUser = async (name: string) => {
    await goTo(admin, server.url, `/console/${tenantId}/users`);
    await search(name);
    await usersTable().getByRole('link', { name: new RegExp(name) }).click();
    await admin.waitForURL((url) => /\/users\/[a-z0-9]{12}\/settings$/.test(url.pathname));
  };
  const search = async (text: string) => {
    await admin.getByRole('searchbox', { name: 'Search by id, e-mail, phone, username or name' }).fill(text);
    await admin.waitForURL((url) => url.searchParams.get('q') === text);
  };
  const chooseAction = async (action: string, confirm: string) => {
    await admin.getByRole('button', { name: 'Actions' }).click();
    await admin.getByRole('menuitem', { name: action }).click();
    await admin.getByRole('dialog').getByRole('button', { name: confirm }).click();
  };

  test('1. An end user registers through the app; the admin finds them by part of their e-mail and gives them a role, whose permission is in their next access token', async () => {
    shopper = await newPerson(browser);
    const { page } = shopper;
    await page.goto(storefront());
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/t/${tenantId}/sign-in/`));
    await fillSignUp(page, endUser);
    const registered = await spaSignedIn(page);
    userId = String(registered.idToken.sub);
    expect(String(registered.accessToken?.scope ?? '')).not.toContain('read:orders');

    // The same person signs in again elsewhere, with a wrong password first.
    const { page: again, context } = await newPerson(browser);
    await again.goto(storefront());
    await again.getByRole('button', { name: 'Sign in' }).click();
    await fillSignIn(again, endUser.email, `${endUser.password}-wrong`);
    await again.getByText('Incorrect username, e-mail or password.').waitFor();
    await fillSignIn(again, endUser.email, endUser.password);
    expect((await spaSignedIn(again)).idToken.sub).toBe(userId);
    await context.close();

    // Part of the e-mail, from its middle.
    await openUser(endUser.email.slice(3, 14));
    await admin.getByRole('heading', { name: endUser.username }).waitFor();
    await admin.getByRole('navigation', { name: 'User tabs' }).getByRole('link', { name: 'Roles' }).click();
    // The header's button (the empty table offers one too).
    await admin.getByRole('button', { name: 'Assign roles' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Assign roles' });
    await dialog.getByRole('checkbox', { name: /Viewer/ }).check();
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('table', { name: 'Roles' }).getByRole('link', { name: 'Viewer' }).waitFor();

    await page.goto(storefront({ fresh: '1' }));
    expect((await spaSignedIn(page)).accessToken).toMatchObject({ iss: `${endpoint}/oidc`, aud: orders, sub: userId, scope: 'read:orders' });
  });

  test('2. Suspended, the user loses their refresh token and cannot sign in, with a clear message; reactivated, they sign in again', async () => {
    await admin.getByRole('navigation', { name: 'User tabs' }).getByRole('link', { name: 'Settings' }).click();
    await chooseAction('Suspend user', 'Suspend');
    await admin.getByText('Suspended', { exact: true }).first().waitFor();

    const { page } = shopper;
    await page.goto(storefront({ fresh: '1' }));
    await page.locator('output[data-status="error"], output[data-status="signed-out"]').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/t/${tenantId}/sign-in/`));
    await fillSignIn(page, endUser.username, endUser.password);
    await page.getByText('This account is suspended.', { exact: false }).waitFor();

    await chooseAction('Reactivate user', 'Reactivate');
    await admin.getByText('User reactivated').waitFor();
    await page.goto(storefront());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await fillSignIn(page, endUser.username, endUser.password);
    expect((await spaSignedIn(page)).idToken.sub).toBe(userId);
  });

  test("3. The audit log shows the registration, the sign-ins with the failed password, the token exchanges and the admin's changes; filtered by the user and the date, one entry opens", async () => {
    const logs = admin.getByRole('table', { name: 'Audit logs' });
    /** The rows of one event, as a shared link to the filtered log opens them. */
    const rowsOf = async (event: string) => {
      await goTo(admin, server.url, `/console/${tenantId}/audit-logs?event=${event}`);
      await logs.getByRole('row').nth(1).waitFor();
      return logs.getByRole('row');
    };
    const ofUser = async (event: string) => (await rowsOf(event)).filter({ hasText: endUser.username });
    await (await ofUser('Interaction.Register.Submit')).filter({ hasText: 'Registration: submit' }).first().waitFor();
    const passwordChecks = await ofUser('Interaction.SignIn.Verification.Password.Submit');
    await passwordChecks.filter({ has: admin.getByText('Error', { exact: true }) }).first().waitFor();
    await passwordChecks.filter({ has: admin.getByText('Success', { exact: true }) }).first().waitFor();
    await (await ofUser('ExchangeTokenBy.AuthorizationCode')).filter({ hasText: 'Storefront' }).first().waitFor();
    // The suspended user's refresh was refused (their token was gone, so the row names the app, not the user).
    await (await rowsOf('ExchangeTokenBy.RefreshToken')).filter({ hasText: 'Storefront' }).filter({ has: admin.getByText('Error', { exact: true }) }).first().waitFor();
    for (const change of ['Management.User.SuspensionUpdated', 'Management.User.RolesUpdated']) {
      // The actor is the console user who made the change.
      await (await ofUser(change)).filter({ hasText: /owner/ }).first().waitFor();
    }

    // The whole log, filtered by the user (picked by name) and the last day, then one entry opened.
    await goTo(admin, server.url, `/console/${tenantId}/audit-logs`);
    // The picker's searchable select replaces the field on first use; both are the combobox named User.
    await admin.getByRole('combobox', { name: 'User' }).click();
    await admin.getByRole('combobox', { name: 'User' }).fill(endUser.username);
    await admin.getByRole('option', { name: new RegExp(endUser.username) }).click();
    await admin.waitForURL((url) => url.searchParams.get('userId') === userId);
    await admin.getByLabel('Time range').selectOption('1d');
    await admin.waitForURL((url) => url.searchParams.get('range') === '1d' && url.searchParams.get('userId') === userId);
    // Until the filtered page arrives the table shows the previous one, marked busy, as a person sees it dimmed.
    await admin.locator('table[aria-label="Audit logs"]:not([aria-busy])').getByRole('row').nth(1).waitFor();
    const users = await logs.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((cell) => cell.includes(endUser.username))).toBe(true);

    await logs.getByRole('row').nth(1).getByRole('link').first().click();
    await admin.waitForURL((url) => /\/audit-logs\/[a-zA-Z0-9]+$/.test(url.pathname));
    await admin.getByText('Log ID').waitFor();
    const payload = await admin.getByLabel('Log payload (JSON)', { exact: true }).innerText();
    expect(payload).toContain(userId);
    expect(payload).not.toContain(endUser.password);
  });

  test('4. Three users selected on the list are suspended at once, after one confirmation naming the count', async () => {
    // Three more users, made by the tenant's own automation through the management API.
    const automation = await createApplicationFromGuide(admin, server.url, tenantId, 'm2m', 'Automation');
    await createRole(admin, server.url, tenantId, { name: 'Admin', description: 'Manages the tenant', type: 'Machine-to-machine', permission: /^all/, apps: ['Automation'] });
    const configuration = await discover(endpoint);
    const { body } = await clientCredentials(configuration.token_endpoint, { id: automation.id, secret: automation.secret! }, { resource: `urn:gatehouse:api:management:${tenantId}`, scope: 'all' });
    const names = ['bulk_one', 'bulk_two', 'bulk_three'];
    for (const username of names) {
      const created = await fetch(`${endpoint}/api/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${body.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username }),
      });
      expect(created.status).toBe(201);
    }

    await goTo(admin, server.url, `/console/${tenantId}/users`);
    await search('bulk_');
    for (const username of names) await usersTable().getByRole('checkbox', { name: `Select ${username}` }).check();
    await admin.getByText('3 users selected').waitFor();
    await admin.getByRole('button', { name: 'Suspend', exact: true }).click();
    const confirm = admin.getByRole('dialog', { name: 'Suspend 3 users?' });
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await admin.getByText('3 users suspended').waitFor();

    await admin.getByRole('group', { name: 'User status' }).getByText('Suspended').click();
    await admin.waitForURL((url) => url.searchParams.has('status') || url.searchParams.has('isSuspended'));
    for (const username of names) await usersTable().getByRole('link', { name: new RegExp(username) }).waitFor();
    const listed = await fetch(`${endpoint}/api/users?q=bulk_&isSuspended=true`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(((await listed.json()) as { username: string }[]).map(({ username }) => username).sort()).toEqual([...names].sort());
  });
});
