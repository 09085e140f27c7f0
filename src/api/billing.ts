import * as z from 'zod/mini';
import {
  checkoutSessionCreatedGuard,
  checkoutSessionGuard,
  customerPortalResponseGuard,
  invoiceGuard,
  skuGuard,
  subscriptionResponseGuard,
  subscriptionUsageGuard,
  type CheckoutSession,
  type CreateCheckoutSession,
  type Invoice,
  type Sku,
  type SkuType,
  type SubscriptionResponse,
  type SubscriptionUsage,
} from '#schemas/billing.ts';
import type { ApiClient, CloudRequesters, RequestOptions } from './client.ts';
import { tenantPath } from './tenants.ts';

/** The console reads a missing redirectUri as a failed start ('unknown error', spec 01 §7) instead of a parse error. */
const checkoutSessionStartedGuard = z.partial(checkoutSessionCreatedGuard, { redirectUri: true });
export type CheckoutSessionStarted = z.infer<typeof checkoutSessionStartedGuard>;

/** Plans, checkout, subscription, usage, invoices and the customer portal (cloud API token). */
export const createBillingApi = ({ cloud }: CloudRequesters) => ({
  /** GET /api/skus?type=basic: the plans a user can choose (free, pro 2024-11); AddOn lists the usage add-ons. */
  listSkus: async (type: SkuType = 'Basic'): Promise<Sku[]> =>
    z.array(skuGuard).parse(await cloud.request('GET', '/api/skus', { query: { type } })),
  /** GET /api/tenants/{tenantId}/available-skus?type=Basic: the plans this tenant can switch to. */
  listAvailableSkus: async (tenantId: string, type: SkuType = 'Basic'): Promise<Sku[]> =>
    z.array(skuGuard).parse(await cloud.request('GET', `${tenantPath(tenantId)}/available-skus`, { query: { type } })),
  /**
   * POST /api/checkout-session: open the returned redirectUri (the hosted checkout). A free SKU needs no payment: the
   * session is complete at once and redirectUri is the successCallbackUrl.
   */
  createCheckoutSession: async (body: CreateCheckoutSession, options?: RequestOptions): Promise<CheckoutSessionStarted> =>
    checkoutSessionStartedGuard.parse(await cloud.request('POST', '/api/checkout-session', { ...options, body })),
  /** GET /api/checkout-session/{id}: polled until status is complete. */
  getCheckoutSession: async (sessionId: string): Promise<CheckoutSession> =>
    checkoutSessionGuard.parse(await cloud.request('GET', `/api/checkout-session/${encodeURIComponent(sessionId)}`)),
  /** GET /api/tenants/{tenantId}/subscription. */
  getSubscription: async (tenantId: string): Promise<SubscriptionResponse> =>
    subscriptionResponseGuard.parse(await cloud.request('GET', `${tenantPath(tenantId)}/subscription`)),
  /** DELETE /api/tenants/{tenantId}/subscription (manage:tenant): downgrades to free at once; answers the new subscription. */
  downgradeToFree: async (tenantId: string, options?: RequestOptions): Promise<SubscriptionResponse> =>
    subscriptionResponseGuard.parse(await cloud.request('DELETE', `${tenantPath(tenantId)}/subscription`, options)),
  /** GET /api/tenants/{tenantId}/subscription-usage. */
  getSubscriptionUsage: async (tenantId: string): Promise<SubscriptionUsage> =>
    subscriptionUsageGuard.parse(await cloud.request('GET', `${tenantPath(tenantId)}/subscription-usage`)),
  /** GET /api/tenants/{tenantId}/invoices (manage:tenant): billing history, newest first. */
  listInvoices: async (tenantId: string): Promise<Invoice[]> =>
    z.array(invoiceGuard).parse(await cloud.request('GET', `${tenantPath(tenantId)}/invoices`)),
  /** POST /api/tenants/{tenantId}/stripe-customer-portal (manage:tenant): the portal page, which links back to callbackUrl. */
  createCustomerPortal: async (tenantId: string, callbackUrl: string): Promise<string> =>
    customerPortalResponseGuard.parse(
      await cloud.request('POST', `${tenantPath(tenantId)}/stripe-customer-portal`, { body: { callbackUrl } }),
    ).redirectUri,
});
export type BillingApi = ReturnType<typeof createBillingApi>;

/** The billing calls, made on first use (see AccountApis in ./client.ts). */
export const billingApi = (api: ApiClient): BillingApi => (api.billing ??= createBillingApi(api.requesters));
