import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { fillSignUp, goTo, newPersonDetails } from '../support/e2e-steps.ts';
import { fillOnboarding } from '../support/tenant-steps.ts';
import { tenantIdInUrl } from '../support/billing-steps.ts';
import { createApiResource, fillCreatePermission, goToApiResources } from '../support/api-resource-steps.ts';
import { clientCredentials, createApplicationFromGuide, createRole, discover, verifyAsApi } from '../support/runtime-steps.ts';
import { deleteKey, goToSigningKeys, keyRows, kidOf, rotatePrivateKeys } from '../support/signing-key-steps.ts';

/** signing-keys.md's scenarios A and D through the console, and a staged rotation, against a real server (cloud). */
describe('signing keys rotate without a restart', () => {
  const orders = 'https://orders.example.test';
  let browser: Browser;
  let server: RunningServer;
  let page: Page;
  let tenantId = '';
  let configuration: Awaited<ReturnType<typeof discover>>;
  const app = { id: '', secret: '' };
  const ordersToken = async () => {
    const { status, body } = await clientCredentials(configuration.token_endpoint, app, { resource: orders, scope: 'read:orders' });
    expect(status).toBe(200);
    return body.access_token!;
  };
  /** A token of the tenant's management API, for the calls the console does not make (a direct DELETE, a short grace). */
  const managementCall = async (method: string, apiPath: string, body?: unknown) => {
    const { body: granted } = await clientCredentials(configuration.token_endpoint, app, { resource: `urn:gatehouse:api:management:${tenantId}`, scope: 'all' });
    const response = await fetch(`${server.url}/t/${tenantId}/api${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${granted.access_token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as { code?: string } };
  };

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    ({ page } = await newPerson(browser));
    await goTo(page, server.url, '/console');
    await fillSignUp(page, newPersonDetails('keys'));
    await fillOnboarding(page, { name: 'Keys', region: 'Europe', collaborators: [] });
    await page.waitForURL((url) => /^\/console\/[a-z0-9]+\/[a-z-]+/.test(url.pathname) && !url.pathname.includes('onboarding'));
    tenantId = tenantIdInUrl(page);
    configuration = await discover(`${server.url}/t/${tenantId}`);
    await goToApiResources(page, server.url, tenantId);
    await createApiResource(page, 'Orders API', orders);
    await page.waitForURL((url) => url.pathname.endsWith('/permissions'));
    await (await fillCreatePermission(page, 'read:orders')).waitFor({ state: 'detached' });
    Object.assign(app, await createApplicationFromGuide(page, server.url, tenantId, 'm2m', 'Provisioner'));
    await createRole(page, server.url, tenantId, { name: 'Order reader', description: 'Reads orders', type: 'Machine-to-machine', permission: /read:orders/, apps: ['Provisioner'] });
    await createRole(page, server.url, tenantId, { name: 'Automation', description: 'Manages the tenant', type: 'Machine-to-machine', permission: /^all/, apps: ['Provisioner'] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-keys-${task.name.slice(0, 2)}.png`) }).catch(() => {});
  });

  test('A. An immediate rotation keeps old tokens valid; deleting the previous key makes them fail', async () => {
    const first = await ordersToken();
    await goToSigningKeys(page, server.url, tenantId);
    const before = await keyRows(page);
    expect(before.map(({ algorithm, status }) => [algorithm, status])).toEqual([['EC P-256 (ES256)', 'Current'], ['RSA 2048 (RS256)', 'Current']]);
    const k1 = before[0]!.id;
    expect(kidOf(first)).toBe(k1);
    await expect(page.getByRole('button', { name: /^Delete key/ }).count()).resolves.toBe(0);

    await rotatePrivateKeys(page);
    const after = await keyRows(page);
    const k2 = after.find((row) => row.status === 'Current' && row.algorithm.startsWith('EC'))!.id;
    expect(after.find((row) => row.id === k1)?.status).toBe('Previous');
    const jwks = (await (await fetch(configuration.jwks_uri)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([k1, k2]));
    await verifyAsApi(first, configuration, orders);
    const second = await ordersToken();
    expect(kidOf(second)).toBe(k2);

    const effect = await deleteKey(page, k1);
    expect(effect).toContain('will fail at every resource server that refreshes the JWKS');
    await expect(verifyAsApi(first, configuration, orders)).rejects.toThrow();
    await verifyAsApi(second, configuration, orders);
  });

  test('D. Guard rails: one key of an algorithm has no delete button and is required; the current key cannot be deleted', async () => {
    await goToSigningKeys(page, server.url, tenantId);
    const rows = await keyRows(page);
    await expect(page.getByRole('button', { name: /^Delete key/ }).count()).resolves.toBe(0);
    const ec = rows.find((row) => row.algorithm.startsWith('EC'))!.id;
    expect(await managementCall('DELETE', `/configs/oidc/private-keys/${ec}`)).toMatchObject({ status: 422, body: { code: 'oidc.key_required' } });
    await rotatePrivateKeys(page);
    const current = (await keyRows(page)).find((row) => row.status === 'Current' && row.algorithm.startsWith('EC'))!.id;
    expect(await managementCall('DELETE', `/configs/oidc/private-keys/${current}`)).toMatchObject({
      status: 422,
      body: { code: 'oidc.only_previous_key_can_be_deleted' },
    });
  });

  test('a rotated key signs after its grace period while old tokens still verify', async () => {
    const old = await ordersToken();
    // The console offers grace periods from an hour; the API takes any, so that this test waits seconds.
    expect((await managementCall('POST', '/configs/oidc/private-keys/rotate', { signingKeyAlgorithm: 'RSA', rotationGracePeriod: 8 })).status).toBe(200);
    await goToSigningKeys(page, server.url, tenantId);
    const next = (await keyRows(page)).find((row) => row.status === 'Next')!;
    expect(next.algorithm).toBe('RSA 2048 (RS256)');
    await page.getByText(/effective in 00:00:0\d/).waitFor();
    expect(kidOf(await ordersToken())).toBe(kidOf(old));

    // The page reads the list again once the Next key is effective: its tag changes without a reload.
    await page.getByRole('table', { name: 'Private keys' }).getByText('Next', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
    const signed = await ordersToken();
    expect(kidOf(signed)).toBe(next.id);
    await verifyAsApi(signed, configuration, orders);
    await verifyAsApi(old, configuration, orders);
    expect((await keyRows(page)).find((row) => row.id === next.id)?.status).toBe('Current');
  });
});
