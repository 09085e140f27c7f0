import type { FullQuota, Invoice, SubscriptionResponse, SubscriptionUsage } from '#schemas/billing.ts';
import { enforcedQuota, isEnterprisePlanId, quotaKeys, quotaOf } from '#schemas/quota.ts';

/** Every key of a plan's quota, as the server answers it. */
export const fullQuotaOf = (planId: string) => Object.fromEntries(quotaKeys.map((key) => [key, quotaOf(planId, key)])) as FullQuota;

/** GET subscription of a tenant on `planId`, in the period Nov 1 to Dec 1, 2026. */
export const sampleSubscription = (planId: string, amountDue = 0): SubscriptionResponse => ({
  status: 'active',
  planId,
  currentPeriodStart: '2026-11-01T12:00:00.000Z',
  currentPeriodEnd: '2026-12-01T12:00:00.000Z',
  isEnterprisePlan: isEnterprisePlanId(planId),
  upcomingInvoice: { amountDue },
});

/** GET subscription-usage of a tenant on `planId`; unnamed counts are 0 and features not in use. */
export const sampleUsage = (planId: string, usage: Partial<SubscriptionUsage['usage']> = {}): SubscriptionUsage => {
  const counts = Object.fromEntries(
    quotaKeys.flatMap((key) =>
      key === 'auditLogsRetentionDays' || key === 'scopesPerResourceLimit' || key === 'scopesPerRoleLimit' ? [] : [[key, key.endsWith('Enabled') ? false : 0]],
    ),
  ) as SubscriptionUsage['usage'];
  return { quota: enforcedQuota(planId, fullQuotaOf(planId)), basicQuota: fullQuotaOf(planId), usage: { ...counts, ...usage }, resources: {}, roles: {} };
};

/** An invoice of tenant acme for the pro plan ($24.00), paid unless told otherwise. */
export const sampleInvoice = (id: string, overrides: Partial<Invoice> = {}): Invoice => ({
  id,
  tenantId: 'acme',
  status: 'paid',
  amountDue: 2400,
  amountPaid: 2400,
  planId: 'pro-2024-11',
  planName: 'Pro',
  billingReason: 'subscription_create',
  periodStart: '2026-11-01T12:00:00.000Z',
  periodEnd: '2026-12-01T12:00:00.000Z',
  createdAt: '2026-11-01T12:00:00.000Z',
  paidAt: '2026-11-01T12:00:00.000Z',
  hostedInvoiceUrl: `https://payments.example.com/invoices/${id}`,
  ...overrides,
});
