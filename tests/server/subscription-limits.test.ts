// PostgreSQL pass: concurrent tenant creates meet the plan's limit under a lock
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freeTenantCap } from '#schemas/constants.ts';
import { invitations } from '#server/db/schema.ts';
import { createTenant, listTenants } from './billing-support.ts';
import { bearer, call, expectError, json, signUpUser, type TestServer, type TestUser } from './support.ts';
import { startSubscriptionServer, subscriptionRequests } from './subscription-support.ts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => ({ server, admin } = await startSubscriptionServer()));
afterAll(() => server?.close());

const { api, proTenant } = subscriptionRequests(() => server, () => admin);

describe('the free-tenant cap', () => {
  test(`simultaneous production creations never pass ${freeTenantCap} free tenants; development tenants do not count`, async () => {
    const user = await signUpUser(server, 'capped');
    await createTenant(server, user, { name: 'Dev 1' });
    const token = await user.cloudToken();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => fetch(api('/tenants'), bearer(token, json({ name: `Free ${index}`, tag: 'production' })))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 403, 403, 403]);
    const refused = responses.find((response) => response.status === 403)!;
    await expectError(refused, 403, 'tenant.free_tenant_limit_reached');
    expect((await listTenants(server, user)).filter((tenant) => tenant.planId === 'free')).toHaveLength(freeTenantCap);
    // Development tenants are still allowed; a free checkout is refused like a creation.
    await createTenant(server, user, { name: 'Dev 2' });
    const viaCheckout = await call(api('/checkout-session'), token, 'POST', {
      skuId: 'free',
      successCallbackUrl: `${server.url}/console/checkout-success-callback?state=x`,
      tenantName: 'Free 7',
    });
    await expectError(viaCheckout, 403, 'tenant.free_tenant_limit_reached');
    expect((await listTenants(server, user)).filter((tenant) => tenant.planId === 'free')).toHaveLength(freeTenantCap);
  });

  test('a downgrade to free counts as a free tenant too', async () => {
    const user = await signUpUser(server, 'downcap');
    const paid = await proTenant(user, 'Paid');
    for (let index = 0; index < freeTenantCap; index += 1) await createTenant(server, user, { name: `F${index}`, tag: 'production' });
    await expectError(await call(api(`/tenants/${paid}/subscription`), await user.cloudToken(), 'DELETE'), 403, 'tenant.free_tenant_limit_reached');
  });
});

describe('quota enforcement', () => {
  test('inviting beyond the plan: 403 "Status exception: Exceeded quota limit." and the JSON of the exceeded keys; nothing written', async () => {
    const inviter = await signUpUser(server, 'inviter');
    const tenant = await createTenant(server, inviter, { name: 'Quota', tag: 'production' });
    const countInvitations = async () => (await server.db.select({ value: count() }).from(invitations))[0]!.value;
    const before = await countInvitations();
    const response = await call(api(`/tenants/${tenant.id}/invitations`), await inviter.cloudToken(), 'POST', {
      invitee: ['new@example.com'],
      roleName: 'collaborator',
    });
    const body = await expectError(response, 403, 'subscription.quota_exceeded');
    expect(body.message).toMatch(/^Status exception: Exceeded quota limit\. \{.*\}$/);
    expect(JSON.parse(body.message.slice('Status exception: Exceeded quota limit.'.length))).toEqual({ tenantMembersLimit: 1 });
    expect(await countInvitations()).toBe(before);
  });
});
