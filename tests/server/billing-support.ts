import { expect } from 'vitest';
import { checkoutSessionCreatedGuard, checkoutSessionGuard, type CheckoutSession, type CreateCheckoutSession } from '#schemas/billing.ts';
import { tenantGuard, type Tenant } from '#schemas/tenant.ts';
import { bearer, call, json, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';

export const cards = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  failsAtRenewal: '4000 0000 0000 0341',
};

export const callbackUrl = (server: Pick<TestServer, 'url'>, state = 'abc123') => `${server.url}/console/checkout-success-callback?state=${state}`;

export const createTenant = async (server: TestServer, user: TestUser, body: { name: string; tag?: 'development' | 'production' }) => {
  const response = await fetch(`${server.url}/api/tenants`, bearer(await user.cloudToken(), json(body)));
  expect(response.status).toBe(201);
  return tenantGuard.parse(await response.json());
};

export const startCheckout = async (server: Pick<TestServer, 'url'>, user: Pick<TestUser, 'cloudToken'>, body: Partial<CreateCheckoutSession>) => {
  const response = await call(`${server.url}/api/checkout-session`, await user.cloudToken(), 'POST', {
    skuId: 'pro-2024-11',
    successCallbackUrl: callbackUrl(server),
    ...body,
  });
  expect(response.status).toBe(201);
  return checkoutSessionCreatedGuard.parse(await response.json());
};

/** Submits the hosted checkout's card form as a browser does. */
export const submitCard = (redirectUri: string, card: string, fields: Partial<Record<'expiry' | 'cvc' | 'name', string>> = {}) =>
  fetch(redirectUri, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: card, expiry: '12/34', cvc: '123', name: 'Ada Lovelace', ...fields }),
  });

export const getCheckout = async (server: TestServer, user: TestUser, sessionId: string): Promise<CheckoutSession> => {
  const response = await fetch(`${server.url}/api/checkout-session/${sessionId}`, bearer(await user.cloudToken()));
  expect(response.status).toBe(200);
  return checkoutSessionGuard.parse(await response.json());
};

/** Polls the session as the console does (every 100 ms here) until it is complete. */
export const waitForCompletion = async (server: TestServer, user: TestUser, sessionId: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const session = await getCheckout(server, user, sessionId);
    if (session.status === 'complete' || Date.now() > deadline) return session;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Buys a plan with the paying card (a new tenant without tenantId) and waits until it is complete. */
export const buyPlan = async (server: TestServer, user: TestUser, body: Partial<CreateCheckoutSession>) => {
  const { redirectUri, sessionId } = await startCheckout(server, user, body);
  expect((await submitCard(redirectUri, cards.pays)).status).toBe(303);
  const session = await waitForCompletion(server, user, sessionId);
  expect(session.status).toBe('complete');
  return session;
};

export const listTenants = async (server: Pick<TestServer, 'url'>, user: Pick<TestUser, 'cloudToken'>): Promise<Tenant[]> =>
  z.array(tenantGuard).parse(await (await fetch(`${server.url}/api/tenants`, bearer(await user.cloudToken()))).json());
