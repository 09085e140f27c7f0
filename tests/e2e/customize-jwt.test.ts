import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signUpWithSandbox } from '../support/tenant-steps.ts';
import { createApiResource, fillCreatePermission, goToApiResources } from '../support/api-resource-steps.ts';
import { createApplicationFromGuide, createRole, verifyAsApi } from '../support/runtime-steps.ts';
import { addVariable, client, goToJwtEditor, relyingParty, runTest, saveScript, setScript } from '../support/customize-jwt-steps.ts';

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
});
