import { eq } from 'drizzle-orm';
import type { SubscriptionResponse, SubscriptionUsage } from '#schemas/billing.ts';
import { planIds } from '#schemas/quota.ts';
import type { Db } from '../db/client.ts';
import { tenants } from '../db/schema.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { lockTenant, toSubscription, type TenantRow } from '../tenants.ts';
import { reserveFreeTenant, type FreeTenantCapReached } from './free-tenants.ts';
import type { QuotaRefusal } from './usage.ts';
import type { AccountGone } from '../me/password.ts';
import { ok, transactionResult, type Result } from '../result.ts';
import { writeInvoice } from './invoices.ts';
import { addMonths } from './period.ts';
import { loadPlan, type Plan } from './skus.ts';
import { countUsage, exceededQuota } from './usage.ts';

/**
 * What the next renewal bills, in cents: the plan's price, plus on usage-based plans each add-on unit used beyond the
 * included quota (a feature add-on once, when the feature is in use).
 */
export const upcomingAmount = (plan: Plan, usage: SubscriptionUsage['usage']) => {
  let amount = plan.sku.unitPrice;
  for (const addOn of plan.addOns) {
    for (const [key, unit] of Object.entries(addOn.quota)) {
      const used = usage[key as keyof typeof usage];
      const included = plan.basicQuota[key as keyof Plan['basicQuota']];
      if (used === undefined) continue;
      const over = typeof used === 'number' && typeof included === 'number' ? used - included : 0;
      if (typeof unit === 'number' && over > 0) amount += Math.ceil(over / unit) * addOn.unitPrice;
      if (typeof unit === 'boolean' && (included === false || included === 0) && (used === true || over > 0)) amount += addOn.unitPrice;
    }
  }
  return amount;
};

export const subscriptionOf = async (db: Db, tenant: TenantRow): Promise<SubscriptionResponse> => {
  const plan = await loadPlan(db, tenant.planId);
  const { usage } = await countUsage(db, tenant);
  return { ...toSubscription(tenant, plan), upcomingInvoice: { amountDue: upcomingAmount(plan, usage) } };
};

/** A new plan starts a new billing period with fresh usage counters, unless it keeps the period (a downgrade). */
export const switchPlan = async (tx: Db, tenantId: string, planId: string, options: { newPeriod: boolean }) => {
  const now = new Date();
  const period = options.newPeriod ? { periodStart: now, periodEnd: addMonths(now, 1), activeUsers: 0, tokenUsage: 0 } : {};
  const [row] = await tx.update(tenants).set({ planId, subscriptionStatus: 'active', ...period }).where(eq(tenants.id, tenantId)).returning();
  return row!;
};

/** Refuses a plan whose quota the tenant's current resources exceed. */
export const fitsPlan = async (tx: Db, tenant: TenantRow, plan: Plan): Promise<Result<void, QuotaRefusal>> => {
  const exceeded = exceededQuota(plan.quota, await countUsage(tx, tenant));
  return Object.keys(exceeded).length > 0 ? { ok: false, reason: 'subscription.quota_exceeded', exceeded } : ok(undefined);
};

/** Why a tenant cannot be downgraded to the free plan. */
export type DowngradeRefusal =
  | AccountGone
  | FreeTenantCapReached
  | QuotaRefusal
  | { reason: 'tenant.not_found' | 'subscription.development_tenant' | 'subscription.already_free' };

/**
 * Downgrades a paid tenant to the free plan at once, keeping its period (no refund), for a user already checked to
 * manage it. Runs in a transaction that first reserves one of the user's free tenants, then holds the tenant's lock.
 */
export const downgradeToFree = (db: Db, tenantId: string, userId: string) =>
  transactionResult(db, async (tx): Promise<Result<TenantRow, DowngradeRefusal>> => {
    const reserved = await reserveFreeTenant(tx, userId);
    if (!reserved.ok) return reserved;
    const tenant = await lockTenant(tx, tenantId);
    if (!tenant) return { ok: false, reason: 'tenant.not_found' };
    if (tenant.tag !== 'production') return { ok: false, reason: 'subscription.development_tenant' };
    if (tenant.planId === planIds.free) return { ok: false, reason: 'subscription.already_free' };
    const fits = await fitsPlan(tx, tenant, await loadPlan(tx, planIds.free));
    if (!fits.ok) return fits;
    return ok(await switchPlan(tx, tenant.id, planIds.free, { newPeriod: false }));
  });

/**
 * Ends the tenant's current period (ops): bills it, charging the card on file (an open invoice and a past-due
 * subscription when the charge fails or there is no card), then starts the next period with fresh usage counters.
 */
export const advancePeriod = (db: Db, provider: PaymentProvider, tenantId: string) =>
  db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, tenantId);
    if (!tenant) return undefined;
    const plan = await loadPlan(tx, tenant.planId);
    const amountDue = upcomingAmount(plan, (await countUsage(tx, tenant)).usage);
    const periodStart = tenant.periodEnd;
    const periodEnd = addMonths(periodStart, 1);
    let status = tenant.subscriptionStatus;
    let invoice;
    if (amountDue > 0) {
      const paid = (await provider.chargeCardOnFile(tx, tenant.id, amountDue)) === 'paid';
      invoice = await writeInvoice(tx, {
        tenantId: tenant.id,
        status: paid ? 'paid' : 'open',
        amountDue,
        planId: tenant.planId,
        billingReason: 'subscription_cycle',
        periodStart,
        periodEnd,
      });
      if (!paid) status = 'past_due';
    }
    const [row] = await tx
      .update(tenants)
      .set({ periodStart, periodEnd, activeUsers: 0, tokenUsage: 0, subscriptionStatus: status })
      .where(eq(tenants.id, tenant.id))
      .returning();
    return { tenant: row!, invoice };
  });
