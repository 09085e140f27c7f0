import { Hono } from 'hono';
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
import { cloudAccess } from './cloud-access.ts';
import { answered, HttpError } from './errors.ts';
import { routerOf } from './route.ts';
import { cloudOrTenantToken, requireTenantScope, tenantNotFound } from './tenant-access.ts';

/** The query of the routes listing plans, whose refusal names the values it takes. */
const skuTypeQuery = {
  query: { type: skuTypeQueryGuard },
  refuse: { query: () => new HttpError('guard.invalid_input', 'The query parameter type must be Basic or AddOn.') },
};

/** Callback URLs must lead back to this deployment (the console), so the hosted pages cannot redirect elsewhere. */
const ownUrl = (config: ServerConfig, url: string) => {
  if (new URL(url).origin !== config.publicUrl) {
    throw new HttpError('guard.invalid_callback_url', `The callback URL must be on ${config.publicUrl}.`);
  }
  return url;
};

/** Plans, checkout, subscription, usage, invoices and the customer portal of the cloud API (spec 01 §7). */
export const billingRoutes = (config: ServerConfig, db: Db, tokenGuard: ReturnType<typeof createTokenGuard>, provider: PaymentProvider) => {
  const app = new Hono<AuthEnv>();
  const cloudRoutes = routerOf(app, cloudAccess(db, tokenGuard(resourceIndicators.cloud)));
  const tenantRoutes = routerOf(app, cloudAccess(db, tokenGuard(cloudOrTenantToken)));
  const tenant = '/tenants/:tenantId';

  /** The tenant of the path, whose membership (and scope) the route's access checked. */
  const tenantOf = async (tenantId: string) => {
    const row = await findTenant(db, tenantId);
    if (!row) throw tenantNotFound();
    return row;
  };

  cloudRoutes.get('/skus', {
    scope: null,
    summary: 'The plans on offer (type=Basic) or the add-ons (type=AddOn).',
    ...skuTypeQuery,
    response: z.array(skuGuard),
  }, async (c, { query }) => c.json(await listOfferedSkus(db, query.type)));

  /** The plans a tenant can switch to: none for a development tenant. */
  tenantRoutes.get(`${tenant}/available-skus`, {
    scope: 'member',
    summary: 'The plans a tenant can switch to.',
    ...skuTypeQuery,
    response: z.array(skuGuard),
    errors: ['tenant.not_found'],
  }, async (c, { params, query }) => {
    const row = await tenantOf(params.tenantId);
    return c.json(row.tag === 'production' ? await listOfferedSkus(db, query.type) : []);
  });

  cloudRoutes.post('/checkout-session', {
    scope: null,
    summary: 'Start buying a plan, for a tenant (manage:tenant) or a new one (create:tenant).',
    body: createCheckoutSessionGuard,
    response: checkoutSessionCreatedGuard,
    status: 201,
    errors: [
      'guard.invalid_callback_url',
      'tenant.permission_denied',
      'auth.insufficient_scope',
      'tenant.not_found',
      'subscription.same_plan',
      'subscription.sku_not_available',
      'subscription.development_tenant',
      'tenant.free_tenant_limit_reached',
    ],
  }, async (c, { body }) => {
    const { userId } = c.get('auth');
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
  cloudRoutes.get('/checkout-session/:id', {
    scope: null,
    summary: 'A checkout session of the signed-in user.',
    response: checkoutSessionGuard,
    errors: ['subscription.checkout_session_not_found'],
  }, async (c, { params: { id } }) => {
    await completeIfDue(db, provider, id);
    const session = await findCheckout(db, id);
    if (!session || session.userId !== c.get('auth').userId) {
      throw new HttpError('subscription.checkout_session_not_found', 'The checkout session does not exist.');
    }
    return c.json(toCheckoutSession(session));
  });

  tenantRoutes.get(`${tenant}/subscription`, {
    scope: 'member',
    summary: "The tenant's subscription.",
    response: subscriptionResponseGuard,
    errors: ['tenant.not_found'],
  }, async (c, { params }) => c.json(await subscriptionOf(db, await tenantOf(params.tenantId))));

  /** Downgrades to the free plan at once (see the README): 409 when already free, 422 for a development tenant. */
  tenantRoutes.delete(`${tenant}/subscription`, {
    scope: 'manage:tenant',
    summary: 'Downgrade the tenant to the free plan at once.',
    response: subscriptionResponseGuard,
    errors: ['tenant.not_found', 'subscription.already_free', 'subscription.development_tenant', 'subscription.quota_exceeded', 'tenant.free_tenant_limit_reached'],
  }, async (c, { params }) => {
    const row = await tenantOf(params.tenantId);
    return c.json(await subscriptionOf(db, answered(await downgradeToFree(db, row.id, c.get('auth').userId), billingMessages)));
  });

  tenantRoutes.get(`${tenant}/subscription-usage`, {
    scope: 'member',
    summary: "The tenant's plan quota and usage.",
    response: subscriptionUsageGuard,
    errors: ['tenant.not_found'],
  }, async (c, { params }) => {
    const row = await tenantOf(params.tenantId);
    const plan = await loadPlan(db, row.planId);
    const body: SubscriptionUsage = { quota: plan.quota, basicQuota: plan.basicQuota, ...(await countUsage(db, row)) };
    return c.json(body);
  });

  tenantRoutes.get(`${tenant}/invoices`, {
    scope: 'manage:tenant',
    summary: "The tenant's invoices.",
    response: z.array(invoiceGuard),
    errors: ['tenant.not_found'],
  }, async (c, { params }) => c.json(await listInvoices(db, (await tenantOf(params.tenantId)).id, provider)));

  tenantRoutes.post(`${tenant}/stripe-customer-portal`, {
    scope: 'manage:tenant',
    summary: "Open the payment provider's customer portal for the tenant.",
    body: customerPortalGuard,
    response: customerPortalResponseGuard,
    status: 201,
    errors: ['guard.invalid_callback_url', 'tenant.not_found', 'subscription.development_tenant'],
  }, async (c, { params, body: { callbackUrl } }) => {
    const row = await tenantOf(params.tenantId);
    if (row.tag !== 'production') throw tenantNotProduction();
    return c.json({ redirectUri: await provider.createPortalSession(db, row.id, ownUrl(config, callbackUrl)) }, 201);
  });

  return app;
};
