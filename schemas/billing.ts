/** Plans (SKUs), subscriptions, usage, checkout, invoices and the customer portal (spec 01 §3 and §7). */
import * as z from 'zod/mini';
import { regions, tenantTags } from './constants.ts';
import { quotaKeys, type QuotaKey } from './quota.ts';
import { subscriptionGuard, tenantNameGuard } from './tenant.ts';

export const quotaValueGuard = z.union([z.number(), z.boolean(), z.null()]);
/** Every quota key with its value: what the server answers for a plan. */
export const fullQuotaGuard = z.record(z.enum(quotaKeys), quotaValueGuard);
export type FullQuota = z.infer<typeof fullQuotaGuard>;

export const skuTypes = ['Basic', 'AddOn'] as const;
export type SkuType = (typeof skuTypes)[number];

/**
 * Plan / SKU (spec 01 §3). A Basic SKU's quota names every key; a usage add-on SKU's quota names the one key it
 * extends and by how much one unit (`unitPrice` cents per month) extends it.
 */
export const skuGuard = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(skuTypes),
  unitPrice: z.int(),
  productId: z.string(),
  defaultPriceId: z.string(),
  quota: z.partialRecord(z.enum(quotaKeys), quotaValueGuard),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sku = z.infer<typeof skuGuard>;

/** `?type=basic` or `?type=Basic` (case does not matter); without it, every type. */
export const skuTypeQueryGuard = z.optional(
  z.pipe(
    z.string(),
    z.transform((value: string, context) => {
      const type = skuTypes.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
      if (!type) context.issues.push({ code: 'custom', message: `type must be one of ${skuTypes.join(', ')}`, input: value });
      return type ?? z.NEVER;
    }),
  ),
);

export const subscriptionStatuses = ['active', 'past_due'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** GET /api/tenants/{tenantId}/subscription: the subscription and what the next renewal will bill, in cents. */
export const subscriptionResponseGuard = z.extend(subscriptionGuard, {
  upcomingInvoice: z.object({ amountDue: z.int() }),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseGuard>;

/** Quota keys with a usage figure; the per-resource and per-role scope counts are in `resources` and `roles`. */
export const usageKeys = quotaKeys.filter(
  (key): key is Exclude<QuotaKey, 'auditLogsRetentionDays' | 'scopesPerResourceLimit' | 'scopesPerRoleLimit'> =>
    key !== 'auditLogsRetentionDays' && key !== 'scopesPerResourceLimit' && key !== 'scopesPerRoleLimit',
);
export type UsageKey = (typeof usageKeys)[number];

/**
 * GET /api/tenants/{tenantId}/subscription-usage (spec 01 §3): `basicQuota` is what the plan includes, `quota` what is
 * enforced (on usage-based plans the add-on keys are unlimited and billed per unit). `usage` is a count, or for the
 * feature keys whether the feature is in use. `resources` and `roles` map an id to its number of scopes.
 */
export const subscriptionUsageGuard = z.object({
  quota: fullQuotaGuard,
  basicQuota: fullQuotaGuard,
  usage: z.record(z.enum(usageKeys), z.union([z.number(), z.boolean()])),
  resources: z.record(z.string(), z.number()),
  roles: z.record(z.string(), z.number()),
});
export type SubscriptionUsage = z.infer<typeof subscriptionUsageGuard>;

export const callbackUrlMaxLength = 2048;
const callbackUrlGuard = z.url({ protocol: /^https?$/ }).check(z.maxLength(callbackUrlMaxLength));

/**
 * Body of POST /api/checkout-session. With `tenantId` the tenant switches plan; without it a new production tenant
 * named `tenantName` is created when the payment completes. Null counts as absent.
 */
export const createCheckoutSessionGuard = z
  .strictObject({
    skuId: z.string().check(z.minLength(1), z.maxLength(64)),
    successCallbackUrl: callbackUrlGuard,
    tenantId: z.nullish(z.string().check(z.minLength(1), z.maxLength(21))),
    tenantName: z.nullish(tenantNameGuard),
    tenantTag: z.nullish(z.enum(tenantTags)),
    tenantRegionName: z.nullish(z.enum(regions)),
  })
  .check(
    z.refine((body) => Boolean(body.tenantId) || Boolean(body.tenantName), {
      path: ['tenantName'],
      message: 'tenantName is required when no tenantId is given',
    }),
  );
export type CreateCheckoutSession = z.input<typeof createCheckoutSessionGuard>;

export const checkoutSessionCreatedGuard = z.object({ redirectUri: z.string(), sessionId: z.string() });
export type CheckoutSessionCreated = z.infer<typeof checkoutSessionCreatedGuard>;

/** open: waiting for the card; processing: paid, completion pending; complete: plan switched or tenant created. */
export const checkoutStatuses = ['open', 'processing', 'complete', 'expired'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

/** GET /api/checkout-session/{id}: `tenantId` is the new tenant's once a new-tenant checkout completes. */
export const checkoutSessionGuard = z.object({
  id: z.string(),
  status: z.enum(checkoutStatuses),
  tenantId: z.nullable(z.string()),
  skuId: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionGuard>;

export const invoiceStatuses = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const billingReasons = ['subscription_create', 'subscription_cycle', 'manual'] as const;

/** GET /api/tenants/{tenantId}/invoices (billing history), newest first; amounts in cents. */
export const invoiceGuard = z.object({
  id: z.string(),
  tenantId: z.string(),
  status: z.enum(invoiceStatuses),
  amountDue: z.int(),
  amountPaid: z.int(),
  planId: z.nullable(z.string()),
  planName: z.nullable(z.string()),
  billingReason: z.enum(billingReasons),
  periodStart: z.string(),
  periodEnd: z.string(),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** The invoice's page on the payment provider. */
  hostedInvoiceUrl: z.string(),
});
export type Invoice = z.infer<typeof invoiceGuard>;

/** Body of POST /api/tenants/{tenantId}/stripe-customer-portal; the portal links back to `callbackUrl`. */
export const customerPortalGuard = z.strictObject({ callbackUrl: callbackUrlGuard });
export const customerPortalResponseGuard = z.object({ redirectUri: z.string() });
