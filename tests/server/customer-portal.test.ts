import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeInvoice } from '#server/billing/invoices.ts';
import { advancePeriod } from '#server/billing/subscription.ts';
import { tenantMembers, tenants } from '#server/db/schema.ts';
import { createLocalPaymentProvider } from '#server/payments/local/provider.ts';
import { createTenant, listTenants } from './billing-support.ts';
import { call, expectError, signUpUser, type TestServer, type TestUser } from './support.ts';
import { startSubscriptionServer, subscriptionRequests } from './subscription-support.ts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => ({ server, admin } = await startSubscriptionServer()));
afterAll(() => server?.close());

const { api, get, proTenant } = subscriptionRequests(() => server, () => admin);

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
