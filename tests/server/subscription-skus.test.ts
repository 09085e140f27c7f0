import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { skuGuard } from '#schemas/billing.ts';
import { quotaKeys } from '#schemas/quota.ts';
import { createTenant } from './billing-support.ts';
import { expectError, signUpUser, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';
import { startSubscriptionServer, subscriptionRequests } from './subscription-support.ts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => ({ server, admin } = await startSubscriptionServer()));
afterAll(() => server?.close());

const { api, get } = subscriptionRequests(() => server, () => admin);

describe('SKUs', () => {
  test('GET /api/skus?type=basic lists the offered plans with prices and full quotas', async () => {
    const response = await get('/skus?type=basic');
    expect(response.status).toBe(200);
    const skus = z.array(skuGuard).parse(await response.json());
    expect(skus.map(({ id, name, type, unitPrice }) => ({ id, name, type, unitPrice }))).toEqual([
      { id: 'free', name: 'Free', type: 'Basic', unitPrice: 0 },
      { id: 'pro-2024-11', name: 'Pro', type: 'Basic', unitPrice: 2400 },
    ]);
    expect(Object.keys(skus[0]!.quota).sort()).toEqual([...quotaKeys].sort());
    expect(skus[0]!.quota).toMatchObject({ mauLimit: 50_000, tokenLimit: 500_000, applicationsLimit: 3, organizationsLimit: 0, tenantMembersLimit: 1 });
  });

  test('?type=AddOn lists the usage add-ons: a unit price and the quota one unit adds', async () => {
    const skus = z.array(skuGuard).parse(await (await get('/skus?type=AddOn')).json());
    expect(skus.length).toBeGreaterThan(0);
    expect(skus.every((sku) => sku.type === 'AddOn' && sku.unitPrice > 0 && Object.keys(sku.quota).length === 1)).toBe(true);
    expect(skus.find((sku) => sku.id === 'add-on-tokens')).toMatchObject({ unitPrice: 8000, quota: { tokenLimit: 1_000_000 } });
  });

  test('an unknown type is a 400; no token is a 401', async () => {
    await expectError(await get('/skus?type=gold'), 400, 'guard.invalid_input');
    await expectError(await fetch(api('/skus')), 401, 'auth.authorization_header_missing');
  });

  test('available-skus: the offered plans for a production tenant, none for a development one; members only', async () => {
    const production = await createTenant(server, admin, { name: 'Available', tag: 'production' });
    const development = await createTenant(server, admin, { name: 'Dev only' });
    const listed = z.array(skuGuard).parse(await (await get(`/tenants/${production.id}/available-skus?type=Basic`)).json());
    expect(listed.map((sku) => sku.id)).toEqual(['free', 'pro-2024-11']);
    expect(await (await get(`/tenants/${development.id}/available-skus?type=Basic`)).json()).toEqual([]);
    const stranger = await signUpUser(server, 'stranger');
    await expectError(await get(`/tenants/${production.id}/available-skus`, stranger), 404, 'tenant.not_found');
    await expectError(await get(`/tenants/${production.id}/available-skus?type=x`), 400, 'guard.invalid_input');
  });
});
