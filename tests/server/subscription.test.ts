import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { skuGuard, subscriptionResponseGuard, subscriptionUsageGuard, usageKeys } from '#schemas/billing.ts';
import { freeTenantCap, organizationIdOf } from '#schemas/constants.ts';
import { exceededQuotaKeys, quotaKeys } from '#schemas/quota.ts';
import { writeInvoice } from '#server/billing/invoices.ts';
import { advancePeriod } from '#server/billing/subscription.ts';
import { invitations, tenantMembers, tenants } from '#server/db/schema.ts';
import { createLocalPaymentProvider } from '#server/payments/local/provider.ts';
import { buyPlan, createTenant, listTenants } from './billing-support.ts';
import { bearer, call, expectError, json, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer('cloud', { CHECKOUT_COMPLETION_DELAY_MS: '0' });
  admin = await signUpUser(server, 'subscriber');
});
afterAll(() => server?.close());

const api = (path: string) => `${server.url}/api${path}`;
const get = async (path: string, user = admin) => fetch(api(path), bearer(await user.cloudToken()));

/** A production tenant of `user` on Pro, bought through the hosted checkout. */
const proTenant = async (user: TestUser, name: string) => {
  const session = await buyPlan(server, user, { tenantName: name });
  return session.tenantId!;
};

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

describe('invoices and the customer portal', () => {
  test('the portal lists invoices, pays an open one with the card on file, updates the card, and links back', async () => {
    const tenantId = await proTenant(admin, 'Portal');
    await server.db.update(tenants).set({ subscriptionStatus: 'past_due' }).where(eq(tenants.id, tenantId));
    const [row] = await server.db.select().from(tenants).where(eq(tenants.id, tenantId));
    const open = await writeInvoice(server.db, {
      tenantId,
      status: 'open',
      amountDue: 1234,
      planId: 'pro-2024-11',
      billingReason: 'manual',
      periodStart: row!.periodStart,
      periodEnd: row!.periodEnd,
    });
    expect((await listTenants(server, admin)).find((tenant) => tenant.id === tenantId)?.openInvoices).toEqual([{ id: open.id, amountDue: 1234 }]);

    const back = `${server.url}/console/${tenantId}/tenant-settings/subscription`;
    const created = await call(api(`/tenants/${tenantId}/stripe-customer-portal`), await admin.cloudToken(), 'POST', { callbackUrl: back });
    expect(created.status).toBe(201);
    const { redirectUri } = (await created.json()) as { redirectUri: string };
    expect(redirectUri).toMatch(new RegExp(`^${server.url}/payments/portal/[a-z0-9]{21}$`));

    const page = await (await fetch(redirectUri)).text();
    expect(page).toContain('Visa ending in 4242, expires 12/34');
    expect(page).toContain('<button type="submit">Pay $12.34</button>');
    expect(page).toContain(`<a href="${back}">Back to Gatehouse</a>`);
    expect(page).toContain(`<a href="${server.url}/payments/invoices/${open.id}" target="_blank" rel="noopener">`);

    const paid = await fetch(`${redirectUri}/invoices/${open.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const after = await (await fetch(new URL(paid.headers.get('location')!, server.url))).text();
    expect(after).toContain('The invoice is paid.');
    const tenant = (await listTenants(server, admin)).find((item) => item.id === tenantId)!;
    expect(tenant.openInvoices).toEqual([]);
    expect(tenant.subscription.status).toBe('active');

    const form = (number: string) => ({
      method: 'POST',
      redirect: 'manual' as const,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number, expiry: '11/33', cvc: '999', name: 'Grace Hopper' }),
    });
    const declined = await fetch(`${redirectUri}/card`, form('4000000000000002'));
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const updated = await fetch(`${redirectUri}/card`, form('4000 0000 0000 0341'));
    expect(updated.status).toBe(303);
    expect(await (await fetch(new URL(updated.headers.get('location')!, server.url))).text()).toContain('Visa ending in 0341, expires 11/33');

    const invoicePage = await fetch(`${server.url}/payments/invoices/${open.id}`);
    expect(await invoicePage.text()).toContain('$12.34');
  });

  test('a failing card on file: paying an open invoice is declined and it stays open', async () => {
    const tenantId = await proTenant(admin, 'Failing');
    const payments = createLocalPaymentProvider(server.db, server.config);
    await payments.attachCard(server.db, tenantId, { brand: 'Visa', last4: '0341', expiry: '12/34', name: 'X', failsAtRenewal: true });
    const result = await advancePeriod(server.db, payments, tenantId);
    expect(result?.invoice?.status).toBe('open');
    const { redirectUri } = (await (
      await call(api(`/tenants/${tenantId}/stripe-customer-portal`), await admin.cloudToken(), 'POST', { callbackUrl: `${server.url}/console` })
    ).json()) as { redirectUri: string };
    const response = await fetch(`${redirectUri}/invoices/${result!.invoice!.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(await (await fetch(new URL(response.headers.get('location')!, server.url))).text()).toContain(
      'Your card was declined. Update your card and try again.',
    );
    expect((await listTenants(server, admin)).find((tenant) => tenant.id === tenantId)).toMatchObject({
      subscription: { status: 'past_due' },
      openInvoices: [{ id: result!.invoice!.id }],
    });
  });

  test('bad portal requests: 400 body or foreign callback, 401, 403 collaborator, 404 stranger, 422 development; unknown portal page 404', async () => {
    const tenantId = await proTenant(admin, 'Portal errors');
    const url = api(`/tenants/${tenantId}/stripe-customer-portal`);
    const token = await admin.cloudToken();
    await expectError(await call(url, token, 'POST', '{'), 400, 'guard.invalid_json');
    await expectError(await call(url, token, 'POST', {}), 400, 'guard.invalid_input');
    await expectError(await call(url, token, 'POST', { callbackUrl: 'https://evil.example' }), 400, 'guard.invalid_callback_url');
    await expectError(await call(url, undefined, 'POST', { callbackUrl: server.url }), 401, 'auth.authorization_header_missing');
    const collaborator = await signUpUser(server, 'portalcollab');
    await server.db.insert(tenantMembers).values({ tenantId, userId: collaborator.id, role: 'collaborator' });
    await expectError(await call(url, await collaborator.cloudToken(), 'POST', { callbackUrl: server.url }), 403, 'tenant.permission_denied');
    await expectError(await get(`/tenants/${tenantId}/invoices`, collaborator), 403, 'tenant.permission_denied');
    const stranger = await signUpUser(server, 'portalstranger');
    await expectError(await call(url, await stranger.cloudToken(), 'POST', { callbackUrl: server.url }), 404, 'tenant.not_found');
    const development = await createTenant(server, admin, { name: 'Dev portal' });
    await expectError(
      await call(api(`/tenants/${development.id}/stripe-customer-portal`), token, 'POST', { callbackUrl: server.url }),
      422,
      'subscription.development_tenant',
    );
    expect((await fetch(`${server.url}/payments/portal/unknown`)).status).toBe(404);
    expect((await fetch(`${server.url}/payments/invoices/unknown`)).status).toBe(404);
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
