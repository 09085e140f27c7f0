import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import {
  checkoutSessionCreatedGuard,
  checkoutSessionGuard,
  createCheckoutSessionGuard,
  customerPortalGuard,
  customerPortalResponseGuard,
  invoiceGuard,
  skuGuard,
  skuTypeQueryGuard,
  subscriptionResponseGuard,
  subscriptionUsageGuard,
  type SubscriptionUsage,
} from '#schemas/billing.ts';
import { resourceIndicators } from '#schemas/constants.ts';
import { offeredPlanIds, planIds } from '#schemas/quota.ts';
import { completeFreeCheckout, completeIfDue, findCheckout, openCheckout, toCheckoutSession, type CheckoutTarget } from '../billing/checkout.ts';
import { listInvoices } from '../billing/invoices.ts';
import { downgradeToFree, subscriptionOf } from '../billing/subscription.ts';
import { billingMessages, tenantNotProduction } from './cloud-errors.ts';
import { findSku, listOfferedSkus, loadPlan } from '../billing/skus.ts';
import { countUsage } from '../billing/usage.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { findTenant } from '../tenants.ts';
import { assertScope, type AuthEnv, type createTokenGuard } from './auth.ts';
import { answered, HttpError, readJson } from './errors.ts';
import { describe } from './openapi.ts';
import { cloudOrTenantToken, requireMembership, requireTenantScope, tenantNotFound } from './tenant-access.ts';

const skuType = (c: Context) => {
  const parsed = skuTypeQueryGuard.safeParse(c.req.query('type'));
  if (!parsed.success) throw new HttpError('guard.invalid_input', 'The query parameter type must be Basic or AddOn.');
  return parsed.data;
};

/** Callback URLs must lead back to this deployment (the console), so the hosted pages cannot redirect elsewhere. */
const ownUrl = (config: ServerConfig, url: string) => {
  if (new URL(url).origin !== config.publicUrl) {
    throw new HttpError('guard.invalid_callback_url', `The callback URL must be on ${config.publicUrl}.`);
  }
  return url;
};

/** What the API document says of each route below (server/api/openapi.ts). */
const documented = {
  skus: describe({ summary: 'The plans on offer (type=Basic) or the add-ons (type=AddOn).', api: 'cloud', response: z.array(skuGuard) }),
  availableSkus: describe({ summary: 'The plans a tenant can switch to.', api: 'cloud', response: z.array(skuGuard), errors: { 404: ['tenant.not_found'] } }),
  checkout: describe({
    summary: 'Start buying a plan, for a tenant (manage:tenant) or a new one (create:tenant).',
    api: 'cloud',
    body: createCheckoutSessionGuard,
    response: checkoutSessionCreatedGuard,
    status: 201,
    errors: {
      400: ['guard.invalid_callback_url'],
      403: ['tenant.permission_denied', 'auth.insufficient_scope'],
      404: ['tenant.not_found'],
      409: ['subscription.same_plan'],
      422: ['subscription.sku_not_available', 'subscription.development_tenant'],
    },
  }),
  checkoutSession: describe({
    summary: 'A checkout session of the signed-in user.',
    api: 'cloud',
    response: checkoutSessionGuard,
    errors: { 404: ['subscription.checkout_session_not_found'] },
  }),
  subscription: describe({ summary: "The tenant's subscription.", api: 'cloud', response: subscriptionResponseGuard, errors: { 404: ['tenant.not_found'] } }),
  downgrade: describe({
    summary: 'Downgrade the tenant to the free plan at once.',
    api: 'cloud',
    scope: 'manage:tenant',
    response: subscriptionResponseGuard,
    errors: { 404: ['tenant.not_found'], 409: ['subscription.already_free'], 422: ['subscription.development_tenant'] },
  }),
  usage: describe({ summary: "The tenant's plan quota and usage.", api: 'cloud', response: subscriptionUsageGuard, errors: { 404: ['tenant.not_found'] } }),
  invoices: describe({ summary: "The tenant's invoices.", api: 'cloud', scope: 'manage:tenant', response: z.array(invoiceGuard), errors: { 404: ['tenant.not_found'] } }),
  customerPortal: describe({
    summary: "Open the payment provider's customer portal for the tenant.",
    api: 'cloud',
    scope: 'manage:tenant',
    body: customerPortalGuard,
    response: customerPortalResponseGuard,
    status: 201,
    errors: { 400: ['guard.invalid_callback_url'], 404: ['tenant.not_found'], 422: ['subscription.development_tenant'] },
  }),
};

/** Plans, checkout, subscription, usage, invoices and the customer portal of the cloud API (spec 01 §7). */
export const billingRoutes = (config: ServerConfig, db: Db, tokenGuard: ReturnType<typeof createTokenGuard>, provider: PaymentProvider) => {
  const app = new Hono<AuthEnv>();
  const cloudToken = tokenGuard(resourceIndicators.cloud);
  const tenantToken = tokenGuard(cloudOrTenantToken);
  const tenant = '/tenants/:tenantId';

  /** The tenant, for a member (any role, or one with `scope`). */
  const tenantOf = async (c: Context<AuthEnv>, scope?: 'manage:tenant') => {
    const tenantId = c.req.param('tenantId') ?? '';
    const { userId } = c.get('auth');
    if (scope) await requireTenantScope(db, userId, tenantId, scope);
    else await requireMembership(db, userId, tenantId);
    const row = await findTenant(db, tenantId);
    if (!row) throw tenantNotFound();
    return row;
  };

  app.get('/skus', cloudToken, documented.skus, async (c) => c.json(await listOfferedSkus(db, skuType(c))));

  /** The plans a tenant can switch to: none for a development tenant. */
  app.get(`${tenant}/available-skus`, tenantToken, documented.availableSkus, async (c) => {
    const type = skuType(c);
    const row = await tenantOf(c);
    return c.json(row.tag === 'production' ? await listOfferedSkus(db, type) : []);
  });

  app.post('/checkout-session', cloudToken, documented.checkout, async (c) => {
    const { userId } = c.get('auth');
    const body = await readJson(c, createCheckoutSessionGuard);
    const successCallbackUrl = ownUrl(config, body.successCallbackUrl);
    const sku = await findSku(db, body.skuId);
    if (!sku || sku.type !== 'Basic' || !(offeredPlanIds as readonly string[]).includes(sku.id)) {
      throw new HttpError('subscription.sku_not_available', `The plan ${body.skuId} cannot be bought.`);
    }
    let target: CheckoutTarget;
    if (body.tenantId) {
      await requireTenantScope(db, userId, body.tenantId, 'manage:tenant');
      const row = await findTenant(db, body.tenantId);
      if (!row) throw tenantNotFound();
      if (row.tag !== 'production') throw tenantNotProduction();
      if (row.planId === sku.id) throw new HttpError('subscription.same_plan', 'The tenant is already on this plan.');
      target = { kind: 'tenant', tenantId: row.id };
    } else {
      assertScope(c.get('auth'), 'create:tenant');
      if (body.tenantTag === 'development') throw tenantNotProduction();
      target = { kind: 'new-tenant', tenantName: body.tenantName!, regionName: body.tenantRegionName ?? 'EU' };
    }
    const checkout = { userId, sku, target, successCallbackUrl };
    if (sku.id === planIds.free) {
      const session = answered(await completeFreeCheckout(db, checkout), billingMessages);
      return c.json({ redirectUri: successCallbackUrl, sessionId: session.id }, 201);
    }
    const session = await openCheckout(db, checkout);
    return c.json({ redirectUri: provider.checkoutUrl(session.id), sessionId: session.id }, 201);
  });

  /** Also completes the session when its completion is due, so polling alone moves it on. */
  app.get('/checkout-session/:id', cloudToken, documented.checkoutSession, async (c) => {
    const id = c.req.param('id');
    await completeIfDue(db, provider, id);
    const session = await findCheckout(db, id);
    if (!session || session.userId !== c.get('auth').userId) {
      throw new HttpError('subscription.checkout_session_not_found', 'The checkout session does not exist.');
    }
    return c.json(toCheckoutSession(session));
  });

  app.get(`${tenant}/subscription`, tenantToken, documented.subscription, async (c) => c.json(await subscriptionOf(db, await tenantOf(c))));

  /** Downgrades to the free plan at once (see the README): 409 when already free, 422 for a development tenant. */
  app.delete(`${tenant}/subscription`, tenantToken, documented.downgrade, async (c) => {
    const row = await tenantOf(c, 'manage:tenant');
    return c.json(await subscriptionOf(db, answered(await downgradeToFree(db, row.id, c.get('auth').userId), billingMessages)));
  });

  app.get(`${tenant}/subscription-usage`, tenantToken, documented.usage, async (c) => {
    const row = await tenantOf(c);
    const plan = await loadPlan(db, row.planId);
    const body: SubscriptionUsage = { quota: plan.quota, basicQuota: plan.basicQuota, ...(await countUsage(db, row)) };
    return c.json(body);
  });

  app.get(`${tenant}/invoices`, tenantToken, documented.invoices, async (c) => c.json(await listInvoices(db, (await tenantOf(c, 'manage:tenant')).id, provider)));

  app.post(`${tenant}/stripe-customer-portal`, tenantToken, documented.customerPortal, async (c) => {
    const row = await tenantOf(c, 'manage:tenant');
    const { callbackUrl } = await readJson(c, customerPortalGuard);
    if (row.tag !== 'production') throw tenantNotProduction();
    return c.json({ redirectUri: await provider.createPortalSession(db, row.id, ownUrl(config, callbackUrl)) }, 201);
  });

  return app;
};
