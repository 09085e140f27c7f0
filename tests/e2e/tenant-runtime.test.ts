import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { fillSignIn, fillSignUp, goTo, newPersonDetails } from '../support/e2e-steps.ts';
import { startSpaApp, type SpaApp } from '../support/spa-app.ts';
import { fillOnboarding, signUpWithSandbox } from '../support/tenant-steps.ts';
import { tenantIdInUrl } from '../support/billing-steps.ts';
import { createApiResource, fillCreatePermission, goToApiResources } from '../support/api-resource-steps.ts';
import {
  addRedirectUri, clientCredentials, createApplicationFromGuide, createRole, discover, patchSignInExperience, signUpByUsernameOrEmail, spaSignedIn, verifyAsApi,
} from '../support/runtime-steps.ts';

/**
 * Issue 13's machine-to-machine scenario and api-resources.md's scenario C, against a real server: what an admin sets
 * up in the console gives tokens that a client which knows only the tenant's endpoint can get and verify.
 */
describe('cloud edition: a tenant is an identity service for machines', () => {
  const orders = 'https://orders.example.test';
  let browser: Browser;
  let server: RunningServer;
  let page: Page;
  let tenantId = '';
  let endpoint = '';
  const provisioner = { id: '', secret: '' };

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    ({ page } = await newPerson(browser));
    tenantId = await signUpWithSandbox(page, server.url, 'machines');
    endpoint = `${server.url}/t/${tenantId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-runtime-${task.name.slice(0, 2)}.png`) }).catch(() => {});
  });

  test('1. A resource with read:orders, an M2M app, and an M2M role holding the permission given to it: the token the secret buys verifies against the tenant JWKS', async () => {
    await goToApiResources(page, server.url, tenantId);
    await createApiResource(page, 'Orders API', orders);
    await page.waitForURL((url) => url.pathname.endsWith('/permissions'));
    await (await fillCreatePermission(page, 'read:orders')).waitFor({ state: 'detached' });

    const app = await createApplicationFromGuide(page, server.url, tenantId, 'm2m', 'Provisioner');
    expect(app.secret).toMatch(/^[A-Za-z0-9]{32,64}$/);
    Object.assign(provisioner, app);
    await createRole(page, server.url, tenantId, { name: 'Order reader', description: 'Reads orders', type: 'Machine-to-machine', permission: /read:orders/, apps: ['Provisioner'] });

    const configuration = await discover(endpoint);
    expect(configuration.issuer).toBe(`${endpoint}/oidc`);
    const { status, body } = await clientCredentials(configuration.token_endpoint, provisioner, { resource: orders, scope: 'read:orders' });
    expect(status).toBe(200);
    const claims = await verifyAsApi(body.access_token!, configuration, orders);
    expect(claims).toMatchObject({ iss: `${endpoint}/oidc`, aud: orders, scope: 'read:orders', client_id: provisioner.id, sub: provisioner.id });
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  test('C. With a role holding the management API\'s "all", the app manages its tenant; a token for Orders API is refused naming the audience', async () => {
    const management = `urn:gatehouse:api:management:${tenantId}`;
    await createRole(page, server.url, tenantId, { name: 'Automation', description: 'Manages the tenant', type: 'Machine-to-machine', permission: /^all/, apps: ['Provisioner'] });
    const configuration = await discover(endpoint);
    const granted = await clientCredentials(configuration.token_endpoint, provisioner, { resource: management, scope: 'all' });
    expect(granted.status).toBe(200);
    const listed = await fetch(`${endpoint}/api/applications`, { headers: { authorization: `Bearer ${granted.body.access_token}` } });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { name: string }[]).map(({ name }) => name)).toContain('Provisioner');

    const ordersToken = await clientCredentials(configuration.token_endpoint, provisioner, { resource: orders, scope: 'read:orders' });
    const refused = await fetch(`${endpoint}/api/applications`, { headers: { authorization: `Bearer ${ordersToken.body.access_token}` } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { details?: { expectedAudience?: string } }).details?.expectedAudience).toBe(management);

    // The management API's name cannot change in the console; its token lifetime can, and the next token has it.
    await goTo(page, server.url, `/console/${tenantId}/api-resources/management-api/general`);
    expect(await page.getByRole('textbox', { name: 'API name' }).getAttribute('readonly')).not.toBeNull();
    await page.getByRole('textbox', { name: /Access token lifetime/ }).fill('900');
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
    const next = await clientCredentials(configuration.token_endpoint, provisioner, { resource: management, scope: 'all' });
    const claims = await verifyAsApi(next.body.access_token!, configuration, management);
    expect(claims.exp! - claims.iat!).toBe(900);
  });
});

/** The SPA scenario: an end user registers at the tenant through an app, as the app's developer set it up. */
const spaScenario = (edition: 'cloud' | 'self-hosted') =>
  describe(`${edition} edition: a tenant signs its users in to its apps`, () => {
    let browser: Browser;
    let server: RunningServer;
    let spa: SpaApp;
    let admin: Page;
    let tenantId = '';
    const endUser = newPersonDetails('enduser');

    beforeAll(async () => {
      [browser, server, spa] = await Promise.all([launchBrowser(), startServer({ edition }), startSpaApp()]);
      ({ page: admin } = await newPerson(browser));
      await goTo(admin, server.url, '/console');
      const owner = newPersonDetails('owner');
      await fillSignUp(admin, owner);
      if (edition === 'cloud') await fillOnboarding(admin, { name: 'Shop', region: 'Europe', collaborators: [] });
      await admin.waitForURL((url) => /^\/console\/[a-z0-9]+\/[a-z-]+/.test(url.pathname) && !url.pathname.includes('onboarding'));
      tenantId = tenantIdInUrl(admin);
      await patchSignInExperience(server.url, edition, owner, tenantId, signUpByUsernameOrEmail);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await spa?.stop();
    });

    test('an SPA app made in the console: a new end user registers on the tenant sign-in page and comes back signed in; they are the tenant\'s user, not a console account', async () => {
      const endpoint = `${server.url}/t/${tenantId}`;
      const app = await createApplicationFromGuide(admin, server.url, tenantId, 'spa-react', 'Storefront');
      await addRedirectUri(admin, server.url, tenantId, app.id, spa.redirectUri);

      const { page, context } = await newPerson(browser);
      await page.goto(spa.url({ endpoint, appId: app.id }));
      await page.getByRole('button', { name: 'Register' }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`/t/${tenantId}/sign-in/`));
      await fillSignUp(page, endUser);
      const { idToken } = await spaSignedIn(page);
      expect(idToken).toMatchObject({ iss: `${endpoint}/oidc`, aud: app.id, username: endUser.username });

      // The same person signs in again at the app: the tenant knows them.
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.goto(spa.url({ endpoint, appId: app.id }));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await fillSignIn(page, endUser.username, endUser.password);
      expect((await spaSignedIn(page)).idToken.sub).toBe(idToken.sub);

      // The console does not know them.
      const { page: consolePage } = await newPerson(browser);
      await goTo(consolePage, server.url, '/console');
      await fillSignIn(consolePage, endUser.username, endUser.password);
      await consolePage.getByText('Incorrect username, e-mail or password.').waitFor();
      await context.close();
    });

    if (edition === 'cloud') {
      test("api-resources A 4-7, B 4 and D: a user role's permission reaches the user's next token for the API, verified as the guide's API does; once deleted it is gone from the next one", async () => {
        const endpoint = `${server.url}/t/${tenantId}`;
        const orders = 'https://orders.example.test';
        await goToApiResources(admin, server.url, tenantId);
        await createApiResource(admin, 'Orders API', orders);
        await admin.waitForURL((url) => url.pathname.endsWith('/permissions'));
        const ordersPermissions = admin.url();
        await (await fillCreatePermission(admin, 'read:orders')).waitFor({ state: 'detached' });
        const viewer = await createRole(admin, server.url, tenantId, { name: 'Viewer', description: 'Reads orders', type: 'User', permission: /read:orders/ });

        // The users page comes later: the tenant's own automation gives the role, through the management API.
        const automation = await createApplicationFromGuide(admin, server.url, tenantId, 'm2m', 'Automation');
        await createRole(admin, server.url, tenantId, { name: 'Admin', description: 'Manages the tenant', type: 'Machine-to-machine', permission: /^all/, apps: ['Automation'] });
        const configuration = await discover(endpoint);
        const management = await clientCredentials(configuration.token_endpoint, { id: automation.id, secret: automation.secret! }, { resource: `urn:gatehouse:api:management:${tenantId}`, scope: 'all' });
        const storefront = (await (await fetch(`${endpoint}/api/applications?q=Storefront`, { headers: { authorization: `Bearer ${management.body.access_token}` } })).json()) as { id: string }[];
        const [user] = (await (await fetch(`${endpoint}/api/roles/${viewer}/users`, { headers: { authorization: `Bearer ${management.body.access_token}` } })).json()) as { id: string }[];
        expect(user).toBeUndefined();

        const { page, context } = await newPerson(browser);
        const spaWithOrders = (extra: Record<string, string> = {}) => spa.url({ endpoint, appId: storefront[0]!.id, resource: orders, scope: 'read:orders', ...extra });
        await page.goto(spaWithOrders());
        await page.getByRole('button', { name: 'Sign in' }).click();
        await fillSignIn(page, endUser.username, endUser.password);
        const before = await spaSignedIn(page);
        const assigned = await fetch(`${endpoint}/api/roles/${viewer}/users`, {
          method: 'POST',
          headers: { authorization: `Bearer ${management.body.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ userIds: [before.idToken.sub] }),
        });
        expect(assigned.status).toBe(201);
        expect(String(before.accessToken?.scope ?? '')).not.toContain('read:orders');

        await page.goto(spaWithOrders({ fresh: '1' }));
        const granted = await spaSignedIn(page);
        expect(granted.accessToken).toMatchObject({ iss: `${endpoint}/oidc`, aud: orders, sub: before.idToken.sub, scope: 'read:orders' });
        expect(Number(granted.accessToken!.exp) - Number(granted.accessToken!.iat)).toBe(3600);
        // D: the guide's verifier accepts it for Orders API and refuses it for another API.
        await expect(verifyAsApi(granted.accessTokenJwt!, configuration, orders)).resolves.toMatchObject({ scope: 'read:orders' });
        await expect(verifyAsApi(granted.accessTokenJwt!, configuration, 'https://inventory.example.test')).rejects.toThrow(/aud/);

        // B 4: once Orders API is the default API, a sign-in that names no API (only its permission) gets a JWT for it.
        const ordersId = new URL(ordersPermissions).pathname.split('/')[4]!;
        const madeDefault = await fetch(`${endpoint}/api/resources/${ordersId}/is-default`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${management.body.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ isDefault: true }),
        });
        expect(madeDefault.status).toBe(200);
        const { page: plain, context: plainContext } = await newPerson(browser);
        await plain.goto(spa.url({ endpoint, appId: storefront[0]!.id, scope: 'read:orders', defaultApi: '1' }));
        await plain.getByRole('button', { name: 'Sign in' }).click();
        await fillSignIn(plain, endUser.username, endUser.password);
        const { defaultAccessToken } = await spaSignedIn(plain);
        expect(defaultAccessToken).toMatchObject({ iss: `${endpoint}/oidc`, aud: orders, sub: before.idToken.sub, scope: 'read:orders' });
        expect(Number(defaultAccessToken!.exp) - Number(defaultAccessToken!.iat)).toBe(3600);
        await plainContext.close();

        await admin.goto(ordersPermissions);
        await admin.getByRole('button', { name: 'Delete read:orders' }).click();
        await admin.getByRole('dialog', { name: 'Delete permission' }).getByRole('button', { name: 'Delete' }).click();
        await admin.getByRole('button', { name: 'Delete read:orders' }).waitFor({ state: 'detached' });
        await page.goto(spaWithOrders({ fresh: '1' }));
        expect(String((await spaSignedIn(page)).accessToken?.scope ?? '')).not.toContain('read:orders');
        await context.close();
      });
    }
  });

spaScenario('cloud');
spaScenario('self-hosted');
