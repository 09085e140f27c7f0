import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { newPersonDetails } from '../support/e2e-steps.ts';
import { createStorefront, signUpWithSandbox } from '../support/tenant-steps.ts';
import { createApiResource, fillCreatePermission, goToApiResources } from '../support/api-resource-steps.ts';
import { createApplicationFromGuide, createRole, verifyAsApi } from '../support/runtime-steps.ts';
import {
  addVariable, assignUserRole, client, goToJwtEditor, openUserSettings, relyingParty, runTest, saveCustomData, saveScript, setScript, signInThroughApp, type RelyingApp,
} from '../support/customize-jwt-steps.ts';

/** customize-jwt.md §9 through the console, with real tokens from the tenant's issuer (cloud, a development tenant). */
describe('custom JWT claims', () => {
  const orders = 'https://orders.example.test';
  let browser: Browser;
  let server: RunningServer;
  let page: Page;
  let tenantId = '';
  let issuer = '';
  const machine = { id: '', secret: '' };
  const machineToken = async () => {
    const rp = await relyingParty(issuer, machine.id, machine.secret);
    return { rp, token: await client.clientCredentialsGrant(rp, { resource: orders, scope: 'read:orders' }) };
  };
  let storefront: RelyingApp;
  const shopper = { email: `${newPersonDetails('shopper').username}@example.com`, password: 'Correct-Horse-42' };
  const ordersToken = { resource: orders, scope: 'read:orders' };
  const verified = (accessToken: string) => verifyAsApi(accessToken, storefront.rp.serverMetadata() as { issuer: string; jwks_uri: string }, orders);

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    ({ page } = await newPerson(browser));
    tenantId = await signUpWithSandbox(page, server.url, 'jwt');
    issuer = `${server.url}/t/${tenantId}/oidc`;
    await goToApiResources(page, server.url, tenantId);
    await createApiResource(page, 'Orders API', orders);
    await page.waitForURL((url) => url.pathname.endsWith('/permissions'));
    await (await fillCreatePermission(page, 'read:orders')).waitFor({ state: 'detached' });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-jwt-${task.name.slice(0, 2)}.png`) }).catch(() => {});
  });

  test('C1–2. A machine-to-machine script with a variable: the next client-credentials token carries its claims and verifies', async () => {
    Object.assign(machine, await createApplicationFromGuide(page, server.url, tenantId, 'm2m', 'Provisioner'));
    await createRole(page, server.url, tenantId, { name: 'Order reader', description: 'Reads orders', type: 'Machine-to-machine', permission: /read:orders/, apps: ['Provisioner'] });

    await goToJwtEditor(page, server.url, tenantId, 'client-credentials', 'create');
    await addVariable(page, 'TIER', 'gold');
    await setScript(page, 'const getCustomJwtClaims = async ({ context, environmentVariables }) => {\n  return { tier: environmentVariables.TIER, app: context.application.name };\n};\n');
    await saveScript(page);
    await page.waitForURL((url) => url.pathname.endsWith('/client-credentials/edit'));
    // Once saved, the value is never shown again: the row keeps it masked.
    await page.getByRole('tab', { name: 'Environment variables' }).click();
    await expect(page.getByLabel('Value', { exact: true }).inputValue()).resolves.toBe('');

    const { rp, token } = await machineToken();
    const claims = await verifyAsApi(token.access_token, rp.serverMetadata() as { issuer: string; jwks_uri: string }, orders);
    expect(claims).toMatchObject({ tier: 'gold', app: 'Provisioner', client_id: machine.id });
  });

  test('C3–4. An endless loop stops at the time limit while the page stays responsive; process is not there', async () => {
    await goToJwtEditor(page, server.url, tenantId, 'client-credentials', 'edit');
    await setScript(page, 'const getCustomJwtClaims = async () => {\n  while (true) {}\n};\n');
    await page.getByRole('tab', { name: 'Test' }).click();
    const started = Date.now();
    await page.getByRole('button', { name: 'Run test' }).click();
    // While the sandbox runs the loop, the page answers: another tab opens at once.
    await page.getByRole('tab', { name: 'Token sample' }).click();
    await expect(page.getByRole('tab', { name: 'Token sample' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByRole('tab', { name: 'Test' }).click();
    const alert = page.getByRole('tabpanel', { name: 'Test' }).getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    const elapsed = Date.now() - started;
    expect(await alert.innerText()).toMatch(/General[\s\S]*time limit/i);
    expect(elapsed).toBeLessThan(6000);

    await setScript(page, 'const getCustomJwtClaims = async () => ({ env: process.env.HOME });\n');
    const result = await runTest(page);
    expect(result).toContain('General');
    expect(result).toMatch(/process/);
  });

  test('C5. A failing script refuses the token while blocking; unblocked, the token comes without the claim', async () => {
    await goToJwtEditor(page, server.url, tenantId, 'client-credentials', 'edit');
    await setScript(page, 'const getCustomJwtClaims = async () => {\n  throw new Error("upstream down");\n};\n');
    await expect(page.getByRole('switch', { name: 'Block token issuance when the script fails' }).isChecked()).resolves.toBe(true);
    await saveScript(page);
    const refused = await machineToken().then(() => undefined, (error: unknown) => error);
    expect(refused).toMatchObject({ error: 'invalid_request' });

    await page.getByRole('switch', { name: 'Block token issuance when the script fails' }).click();
    await saveScript(page);
    const { rp, token } = await machineToken();
    const claims = await verifyAsApi(token.access_token, rp.serverMetadata() as { issuer: string; jwks_uri: string }, orders);
    expect(claims.client_id).toBe(machine.id);
    expect(claims).not.toHaveProperty('tier');
  });

  test('A1–3. A user access token script: the Test on the sample shows both claims; saved', async () => {
    const { clientId, redirectUri } = await createStorefront(page, server.url, tenantId);
    storefront = { rp: await relyingParty(issuer, clientId), redirectUri };
    await goToJwtEditor(page, server.url, tenantId, 'access-token', 'create');
    await setScript(page, "const getCustomJwtClaims = async ({ context }) => {\n  return { plan: context.user.customData.plan ?? 'free', tenant_role_count: context.user.roles.length };\n};\n");
    // The sample user is on the pro plan, with one role.
    const result = await runTest(page);
    expect(result).toContain('"plan": "pro"');
    expect(result).toContain('"tenant_role_count": 1');
    await saveScript(page);
    await page.waitForURL((url) => url.pathname.endsWith('/access-token/edit'));
  });

  test('A4–5. Through the app, the access token for the API carries the claims and verifies; custom data and a role set on the user page show in the refreshed token', async () => {
    const tokens = await signInThroughApp(browser, storefront, ordersToken, { ...shopper, register: true });
    const first = await verified(tokens.access_token);
    expect(first).toMatchObject({ plan: 'free', tenant_role_count: 0, aud: orders, client_id: storefront.rp.clientMetadata().client_id });
    expect(String(first.scope ?? '')).not.toContain('read:orders');

    await createRole(page, server.url, tenantId, { name: 'Order viewer', description: 'Sees orders', type: 'User', permission: /read:orders/ });
    await openUserSettings(page, server.url, tenantId, shopper.email);
    await saveCustomData(page, { plan: 'pro' });
    await assignUserRole(page, 'Order viewer');

    const refreshed = await client.refreshTokenGrant(storefront.rp, tokens.refresh_token!, { resource: orders });
    expect(await verified(refreshed.access_token)).toMatchObject({ plan: 'pro', tenant_role_count: 1, scope: 'read:orders', sub: first.sub });
  });

  test('B. A script denies @blocked.test: at its callback, the app is refused the token with access_denied, "blocked domain"; another user gets one', async () => {
    await goToJwtEditor(page, server.url, tenantId, 'access-token', 'edit');
    await setScript(page, "const getCustomJwtClaims = async ({ context, api }) => {\n  if (context.user.primaryEmail?.endsWith('@blocked.test')) api.denyAccess('blocked domain');\n  return {};\n};\n");
    await saveScript(page);

    const blocked = { email: 'x@blocked.test', password: 'Correct-Horse-42', register: true };
    const refused = await signInThroughApp(browser, storefront, ordersToken, blocked).then(() => undefined, (error: unknown) => error);
    expect(refused).toMatchObject({ error: 'access_denied', error_description: 'blocked domain' });

    const tokens = await signInThroughApp(browser, storefront, ordersToken, shopper);
    const claims = await verified(tokens.access_token);
    expect(claims).toMatchObject({ aud: orders, scope: 'read:orders' });
    expect(claims).not.toHaveProperty('plan');
  });
});
