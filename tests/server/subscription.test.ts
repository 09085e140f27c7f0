import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { subscriptionResponseGuard, subscriptionUsageGuard, usageKeys } from '#schemas/billing.ts';
import { organizationIdOf } from '#schemas/constants.ts';
import { exceededQuotaKeys } from '#schemas/quota.ts';
import { tenantMembers, tenants } from '#server/db/schema.ts';
import { createTenant, listTenants } from './billing-support.ts';
import { bearer, call, expectError, signUpUser, type TestServer, type TestUser } from './support.ts';
import { startSubscriptionServer, subscriptionRequests } from './subscription-support.ts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => ({ server, admin } = await startSubscriptionServer()));
afterAll(() => server?.close());

const { api, get, proTenant } = subscriptionRequests(() => server, () => admin);

describe('GET and DELETE subscription', () => {
  test('GET answers the subscription and the next bill; the tenant token of a member works too', async () => {
    const tenantId = await proTenant(admin, 'Subscribed');
    const response = await get(`/tenants/${tenantId}/subscription`);
    const subscription = subscriptionResponseGuard.parse(await response.json());
    expect(subscription).toMatchObject({ status: 'active', planId: 'pro-2024-11', isEnterprisePlan: false, upcomingInvoice: { amountDue: 2400 } });
    expect(new Date(subscription.currentPeriodEnd).getTime()).toBeGreaterThan(new Date(subscription.currentPeriodStart).getTime());
    const organizationToken = await admin.session.organizationToken(organizationIdOf(tenantId));
    expect((await fetch(api(`/tenants/${tenantId}/subscription`), bearer(organizationToken))).status).toBe(200);
  });

  test('DELETE downgrades to free at once, keeping the period; GET then reads free', async () => {
    const tenantId = await proTenant(admin, 'Downgrade');
    const before = subscriptionResponseGuard.parse(await (await get(`/tenants/${tenantId}/subscription`)).json());
    const response = await call(api(`/tenants/${tenantId}/subscription`), await admin.cloudToken(), 'DELETE');
    expect(response.status).toBe(200);
    const after = subscriptionResponseGuard.parse(await response.json());
    expect(after).toMatchObject({ planId: 'free', status: 'active', upcomingInvoice: { amountDue: 0 } });
    expect([after.currentPeriodStart, after.currentPeriodEnd]).toEqual([before.currentPeriodStart, before.currentPeriodEnd]);
    expect(subscriptionResponseGuard.parse(await (await get(`/tenants/${tenantId}/subscription`)).json()).planId).toBe('free');
    expect((await listTenants(server, admin)).find((tenant) => tenant.id === tenantId)?.quota).toEqual({ mauLimit: 50_000, tokenLimit: 500_000 });
    await expectError(await call(api(`/tenants/${tenantId}/subscription`), await admin.cloudToken(), 'DELETE'), 409, 'subscription.already_free');
  });

  test('DELETE on a development tenant is a 422; by a collaborator a 403; by a stranger a 404', async () => {
    const development = await createTenant(server, admin, { name: 'Dev sub' });
    await expectError(await call(api(`/tenants/${development.id}/subscription`), await admin.cloudToken(), 'DELETE'), 422, 'subscription.development_tenant');
    const tenantId = await proTenant(admin, 'Shared');
    const collaborator = await signUpUser(server, 'collab');
    await server.db.insert(tenantMembers).values({ tenantId, userId: collaborator.id, role: 'collaborator' });
    await expectError(await call(api(`/tenants/${tenantId}/subscription`), await collaborator.cloudToken(), 'DELETE'), 403, 'tenant.permission_denied');
    expect((await get(`/tenants/${tenantId}/subscription`, collaborator)).status).toBe(200);
    const stranger = await signUpUser(server, 'outsider');
    await expectError(await call(api(`/tenants/${tenantId}/subscription`), await stranger.cloudToken(), 'DELETE'), 404, 'tenant.not_found');
    await expectError(await fetch(api(`/tenants/${tenantId}/subscription`)), 401, 'auth.authorization_header_missing');
    expect(subscriptionResponseGuard.parse(await (await get(`/tenants/${tenantId}/subscription`)).json()).planId).toBe('pro-2024-11');
  });

  test('a downgrade the tenant no longer fits is a 403 with the quota message naming the keys', async () => {
    const tenantId = await proTenant(admin, 'Crowded');
    const [second, third] = [await signUpUser(server, 'second'), await signUpUser(server, 'third')];
    await server.db.insert(tenantMembers).values([
      { tenantId, userId: second.id, role: 'collaborator' },
      { tenantId, userId: third.id, role: 'collaborator' },
    ]);
    const response = await call(api(`/tenants/${tenantId}/subscription`), await admin.cloudToken(), 'DELETE');
    const { message } = await expectError(response, 403, 'subscription.quota_exceeded');
    expect(message).toBe('Status exception: Exceeded quota limit. {"tenantMembersLimit":1}');
    expect(exceededQuotaKeys(message)).toEqual(['tenantMembersLimit']);
    const [row] = await server.db.select({ planId: tenants.planId }).from(tenants).where(eq(tenants.id, tenantId));
    expect(row?.planId).toBe('pro-2024-11');
  });
});

describe('subscription usage', () => {
  test('quota, basicQuota, usage, resources and roles: members and pending invitations count, MAU and tokens from the counters', async () => {
    const tenant = await createTenant(server, admin, { name: 'Usage', tag: 'production' });
    await server.db.update(tenants).set({ activeUsers: 1234, tokenUsage: 56_789 }).where(eq(tenants.id, tenant.id));
    const response = await get(`/tenants/${tenant.id}/subscription-usage`);
    expect(response.status).toBe(200);
    const body = subscriptionUsageGuard.parse(await response.json());
    expect(Object.keys(body).sort()).toEqual(['basicQuota', 'quota', 'resources', 'roles', 'usage']);
    expect(Object.keys(body.usage).sort()).toEqual([...usageKeys].sort());
    expect(body.usage).toMatchObject({ mauLimit: 1234, tokenLimit: 56_789, tenantMembersLimit: 1, applicationsLimit: 0, mfaEnabled: false });
    expect(body.quota).toEqual(body.basicQuota);
    expect(body).toMatchObject({ resources: {}, roles: {} });
  });

  test('on Pro the add-on keys are unlimited but the basic quota shows what is included', async () => {
    const tenantId = await proTenant(admin, 'Usage pro');
    const body = subscriptionUsageGuard.parse(await (await get(`/tenants/${tenantId}/subscription-usage`)).json());
    expect(body.basicQuota).toMatchObject({ tokenLimit: 1_000_000, tenantMembersLimit: 3, mfaEnabled: false });
    expect(body.quota).toMatchObject({ tokenLimit: null, tenantMembersLimit: null, mfaEnabled: true, auditLogsRetentionDays: 14 });
  });
});

describe('every tenant billing route refuses missing tokens, strangers and unknown tenants', () => {
  const routes: [string, string][] = [
    ['GET', 'available-skus'],
    ['GET', 'subscription'],
    ['DELETE', 'subscription'],
    ['GET', 'subscription-usage'],
    ['GET', 'invoices'],
    ['POST', 'stripe-customer-portal'],
  ];
  test.each(routes)('%s /api/tenants/{id}/%s: 401, 404, 404', async (method, route) => {
    const tenantId = await proTenant(admin, `Guarded ${method} ${route}`);
    const body = method === 'POST' ? { callbackUrl: server.url } : undefined;
    const stranger = await signUpUser(server, 'guard');
    const before = await server.db.select().from(tenants).where(eq(tenants.id, tenantId));
    await expectError(await call(api(`/tenants/${tenantId}/${route}`), undefined, method, body), 401, 'auth.authorization_header_missing');
    await expectError(await call(api(`/tenants/${tenantId}/${route}`), await stranger.cloudToken(), method, body), 404, 'tenant.not_found');
    await expectError(await call(api(`/tenants/nosuchtenant/${route}`), await admin.cloudToken(), method, body), 404, 'tenant.not_found');
    expect(await server.db.select().from(tenants).where(eq(tenants.id, tenantId))).toEqual(before);
  });
});
