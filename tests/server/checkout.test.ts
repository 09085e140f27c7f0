// PostgreSQL pass: polls and the periodic job race for one completion
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invoiceGuard } from '#schemas/billing.ts';
import { resourceIndicators } from '#schemas/constants.ts';
import { tenants } from '#server/db/schema.ts';
import { checkoutSessions, invoices, paymentCards } from '#server/db/billing-schema.ts';
import { buyPlan, callbackUrl, cards, createTenant, getCheckout, listTenants, startCheckout, submitCard, waitForCompletion } from './billing-support.ts';
import { bearer, call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';

let server: TestServer;
let buyer: TestUser;

beforeAll(async () => {
  server = await startTestServer('cloud', { CHECKOUT_COMPLETION_DELAY_MS: '300' });
  buyer = await signUpUser(server, 'buyer');
});
afterAll(() => server?.close());

const rows = async () => {
  const tally = async (table: typeof tenants | typeof invoices | typeof checkoutSessions | typeof paymentCards) =>
    (await server.db.select({ value: count() }).from(table))[0]!.value;
  return { tenants: await tally(tenants), invoices: await tally(invoices), sessions: await tally(checkoutSessions), cards: await tally(paymentCards) };
};

describe('the checkout session lifecycle', () => {
  test('a new production tenant on Pro: open, card page, paid, processing, complete with the tenant, the card and a paid invoice', async () => {
    const { redirectUri, sessionId } = await startCheckout(server, buyer, { tenantName: 'Shop', tenantTag: 'production', tenantRegionName: 'US' });
    expect(redirectUri).toBe(`${server.url}/payments/checkout/${sessionId}`);
    expect(await getCheckout(server, buyer, sessionId)).toEqual({ id: sessionId, status: 'open', tenantId: null, skuId: 'pro-2024-11' });

    const page = await fetch(redirectUri, { headers: { 'accept-language': 'en' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC', 'Name on card']) expect(html).toMatch(new RegExp(`<label for="\\w+">${label.replace(/[()]/g, '\\$&')}</label>`));
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain('$24.00 per month');
    expect(html).toContain('Shop');

    const paid = await submitCard(redirectUri, cards.pays);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(callbackUrl(server));
    expect((await getCheckout(server, buyer, sessionId)).status).toBe('processing');
    expect((await listTenants(server, buyer)).map((tenant) => tenant.name)).not.toContain('Shop');

    const done = await waitForCompletion(server, buyer, sessionId);
    expect(done).toMatchObject({ status: 'complete', skuId: 'pro-2024-11', tenantId: expect.stringMatching(/^[a-z0-9]{12}$/) });
    const tenant = (await listTenants(server, buyer)).find((item) => item.id === done.tenantId)!;
    expect(tenant).toMatchObject({
      name: 'Shop',
      tag: 'production',
      regionName: 'US',
      planId: 'pro-2024-11',
      subscription: { status: 'active', planId: 'pro-2024-11', isEnterprisePlan: false },
      quota: { mauLimit: null, tokenLimit: null },
      openInvoices: [],
      isSuspended: false,
    });
    const history = await fetch(`${server.url}/api/tenants/${tenant.id}/invoices`, bearer(await buyer.cloudToken()));
    expect(z.array(invoiceGuard).parse(await history.json())).toEqual([
      expect.objectContaining({ status: 'paid', amountDue: 2400, amountPaid: 2400, planId: 'pro-2024-11', planName: 'Pro', billingReason: 'subscription_create' }),
    ]);
    const [card] = await server.db.select().from(paymentCards).where(eq(paymentCards.tenantId, tenant.id));
    expect(card?.card).toEqual({ brand: 'Visa', last4: '4242', expiry: '12/34', name: 'Ada Lovelace', failsAtRenewal: false });
    // The paid page now tells the visitor that it is paid.
    expect(await (await fetch(redirectUri)).text()).toContain('Payment received');
  });

  test('an existing free tenant upgrades: same tenant, new period, paid invoice', async () => {
    const tenant = await createTenant(server, buyer, { name: 'Upgrade me', tag: 'production' });
    const session = await buyPlan(server, buyer, { tenantId: tenant.id });
    expect(session.tenantId).toBe(tenant.id);
    const [upgraded] = (await listTenants(server, buyer)).filter((item) => item.id === tenant.id);
    expect(upgraded?.planId).toBe('pro-2024-11');
  });

  test('the free plan needs no payment: the session is complete at once and redirects straight back', async () => {
    const before = await rows();
    const { redirectUri, sessionId } = await startCheckout(server, buyer, { skuId: 'free', tenantName: 'Gratis', tenantTag: 'production' });
    expect(redirectUri).toBe(callbackUrl(server));
    const session = await getCheckout(server, buyer, sessionId);
    expect(session).toMatchObject({ status: 'complete', skuId: 'free' });
    expect((await listTenants(server, buyer)).find((item) => item.id === session.tenantId)).toMatchObject({ name: 'Gratis', planId: 'free' });
    expect(await rows()).toEqual({ ...before, tenants: before.tenants + 1, sessions: before.sessions + 1 });
  });

  test('completion happens once even when polls and the periodic job race for it', async () => {
    const { redirectUri, sessionId } = await startCheckout(server, buyer, { tenantName: 'Race' });
    await submitCard(redirectUri, cards.pays);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const polls = await Promise.all(Array.from({ length: 5 }, () => getCheckout(server, buyer, sessionId)));
    expect(new Set(polls.map((poll) => poll.status))).toEqual(new Set(['complete']));
    const tenantIds = await server.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Race'));
    expect(tenantIds).toHaveLength(1);
    expect(await server.db.select().from(invoices).where(eq(invoices.tenantId, tenantIds[0]!.id))).toHaveLength(1);
  });
});

describe('the hosted card form', () => {
  test('a declined card says so and creates nothing; the session stays open for another card', async () => {
    const { redirectUri, sessionId } = await startCheckout(server, buyer, { tenantName: 'Declined' });
    const before = await rows();
    const response = await submitCard(redirectUri, cards.declined);
    expect(response.status).toBe(402);
    expect(await response.text()).toContain('<p class="error" role="alert">Your card was declined.</p>');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await getCheckout(server, buyer, sessionId)).status).toBe('open');
    expect(await rows()).toEqual(before);
    expect((await listTenants(server, buyer)).map((tenant) => tenant.name)).not.toContain('Declined');
  });

  test('a double-submitted form pays once', async () => {
    const { redirectUri, sessionId } = await startCheckout(server, buyer, { tenantName: 'Twice' });
    const responses = await Promise.all([submitCard(redirectUri, cards.pays), submitCard(redirectUri, cards.pays)]);
    expect(responses.map((response) => [response.status, response.headers.get('location')])).toEqual([
      [303, callbackUrl(server)],
      [303, callbackUrl(server)],
    ]);
    const session = await waitForCompletion(server, buyer, sessionId);
    expect(await server.db.select().from(tenants).where(eq(tenants.name, 'Twice'))).toHaveLength(1);
    expect(await server.db.select().from(invoices).where(eq(invoices.tenantId, session.tenantId!))).toHaveLength(1);
    // A third submission after completion is still only a redirect.
    expect((await submitCard(redirectUri, cards.pays)).status).toBe(303);
    expect(await server.db.select().from(invoices).where(eq(invoices.tenantId, session.tenantId!))).toHaveLength(1);
  });

  const invalidForms: [string, Partial<Record<'card' | 'expiry' | 'cvc' | 'name', string>>, string][] = [
    ['an invalid number', { card: '4242 4242 4242 4241' }, 'Enter a valid card number.'],
    ['a card that is not a test card', { card: '5555 5555 5555 4444' }, 'Use one of the test card numbers above.'],
    ['an expiry in the past', { expiry: '01/20' }, 'This card has expired.'],
    ['a malformed expiry', { expiry: '13/40' }, 'Enter the expiry date as MM/YY.'],
    ['a short CVC', { cvc: '12' }, 'Enter the 3 or 4 digit security code.'],
    ['no name', { name: '  ' }, 'Enter the name on the card.'],
  ];
  test.each(invalidForms)('%s is a 400 with the message on its field and nothing written', async (_case, { card, ...fields }, message) => {
    const { redirectUri, sessionId } = await startCheckout(server, buyer, { tenantName: 'Typo' });
    const before = await rows();
    const response = await submitCard(redirectUri, card ?? cards.pays, fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<p class="error" id="\\w+-error">${message}</p>`));
    expect(html).toContain('aria-invalid="true"');
    // The number and the CVC are never echoed back into the page.
    expect(html).not.toMatch(/id="(number|cvc)"[^>]*value=/);
    expect(await rows()).toEqual(before);
    expect((await getCheckout(server, buyer, sessionId)).status).toBe('open');
  });

  test('the page speaks German when the browser asks for it', async () => {
    const { redirectUri } = await startCheckout(server, buyer, { tenantName: 'Deutsch' });
    const html = await (await fetch(redirectUri, { headers: { 'accept-language': 'de-DE,de;q=0.9' } })).text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Kartennummer');
    expect(html).toContain('24,00');
  });

  test('an unknown session has no page and cannot be paid', async () => {
    const response = await fetch(`${server.url}/payments/checkout/nosuchsession`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('This checkout has expired or does not exist.');
    const before = await rows();
    expect((await submitCard(`${server.url}/payments/checkout/nosuchsession`, cards.pays)).status).toBe(404);
    expect(await rows()).toEqual(before);
  });

  test('an expired session cannot be paid', async () => {
    const { redirectUri, sessionId } = await startCheckout(server, buyer, { tenantName: 'Late' });
    await server.db.update(checkoutSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(checkoutSessions.id, sessionId));
    expect((await submitCard(redirectUri, cards.pays)).status).toBe(410);
    expect((await getCheckout(server, buyer, sessionId)).status).toBe('expired');
  });
});

describe('POST /api/checkout-session refuses bad requests and writes nothing', () => {
  const post = async (body: unknown, token?: string) =>
    call(`${server.url}/api/checkout-session`, token ?? (await buyer.cloudToken()), 'POST', body);
  const valid = () => ({ skuId: 'pro-2024-11', successCallbackUrl: callbackUrl(server), tenantName: 'X' });

  test.each([
    ['malformed JSON', '{"skuId":', 'guard.invalid_json'],
    ['no tenantName and no tenantId', { skuId: 'pro-2024-11', successCallbackUrl: 'http://x' }, 'guard.invalid_input'],
    ['an unknown field', { skuId: 'pro-2024-11', successCallbackUrl: 'http://localhost/x', tenantName: 'X', coupon: 'free' }, 'guard.invalid_input'],
    ['a callback that is not a URL', { skuId: 'pro-2024-11', successCallbackUrl: 'javascript:alert(1)', tenantName: 'X' }, 'guard.invalid_input'],
    ['an unknown region', { skuId: 'pro-2024-11', successCallbackUrl: 'http://localhost/x', tenantName: 'X', tenantRegionName: 'MARS' }, 'guard.invalid_input'],
  ])('%s: 400', async (_case, body, code) => {
    const before = await rows();
    await expectError(await post(body), 400, code);
    expect(await rows()).toEqual(before);
  });

  test('a callback on another origin: 400 (no open redirect)', async () => {
    const before = await rows();
    await expectError(await post({ ...valid(), successCallbackUrl: 'https://evil.example/steal' }), 400, 'guard.invalid_callback_url');
    expect(await rows()).toEqual(before);
  });

  test('no token: 401; a Me-API token: 401', async () => {
    await expectError(await call(`${server.url}/api/checkout-session`, undefined, 'POST', valid()), 401, 'auth.authorization_header_missing');
    await expectError(await post(valid(), await buyer.session.accessToken(resourceIndicators.me)), 401, 'auth.unauthorized');
  });

  test('a plan that cannot be bought (unknown, legacy, development, an add-on): 422', async () => {
    const before = await rows();
    for (const skuId of ['gold', 'pro', 'development', 'admin', 'add-on-tokens']) {
      await expectError(await post({ ...valid(), skuId }), 422, 'subscription.sku_not_available');
    }
    expect(await rows()).toEqual(before);
  });

  test('a development tenant cannot buy a plan: 422; a new tenant tagged development neither', async () => {
    const development = await createTenant(server, buyer, { name: 'Dev' });
    const before = await rows();
    await expectError(await post({ ...valid(), tenantId: development.id }), 422, 'subscription.development_tenant');
    await expectError(await post({ ...valid(), tenantTag: 'development' }), 422, 'subscription.development_tenant');
    expect(await rows()).toEqual(before);
  });

  test("another user's tenant: 404; the tenant's own plan: 409", async () => {
    const stranger = await signUpUser(server, 'stranger');
    const production = await createTenant(server, stranger, { name: 'Theirs', tag: 'production' });
    await expectError(await post({ ...valid(), tenantId: production.id }), 404, 'tenant.not_found');
    await expectError(await post({ ...valid(), skuId: 'free', tenantId: production.id }, await stranger.cloudToken()), 409, 'subscription.same_plan');
  });

  test("a session is only visible to its buyer: 404 for anyone else and for unknown ids", async () => {
    const { sessionId } = await startCheckout(server, buyer, { tenantName: 'Mine' });
    const other = await signUpUser(server, 'peeker');
    await expectError(await fetch(`${server.url}/api/checkout-session/${sessionId}`, bearer(await other.cloudToken())), 404, 'subscription.checkout_session_not_found');
    await expectError(await fetch(`${server.url}/api/checkout-session/unknown`, bearer(await buyer.cloudToken())), 404, 'subscription.checkout_session_not_found');
  });
});
