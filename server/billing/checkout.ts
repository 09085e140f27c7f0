import { and, asc, eq, gt, lte, min } from 'drizzle-orm';
import type { CheckoutSession } from '#schemas/billing.ts';
import { checkoutStatuses } from '#schemas/billing.ts';
import type { RegionName } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import type { Db } from '../db/client.ts';
import { announceDeferredWork, type DeferredWork } from '../deferred/scheduler.ts';
import { checkoutSessions, type StoredCard } from '../db/billing-schema.ts';
import { generateId } from '../ids.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { insertTenant, lockTenant } from '../tenants.ts';
import { reserveFreeTenant } from './free-tenants.ts';
import { ok, transactionResult, type Result } from '../result.ts';
import { writeInvoice } from './invoices.ts';
import { downgradeToFree, switchPlan, type DowngradeRefusal } from './subscription.ts';
import { findSku, type SkuRow } from './skus.ts';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;

/** An unpaid checkout can be paid for this long. */
export const checkoutLifetimeMs = 60 * 60 * 1000;

/** An open session past its expiry reads as expired. */
export const checkoutStatusOf = (row: CheckoutRow, now = new Date()): CheckoutSession['status'] => {
  const status = checkoutStatuses.find((value) => value === row.status) ?? 'expired';
  return status === 'open' && row.expiresAt <= now ? 'expired' : status;
};

export const toCheckoutSession = (row: CheckoutRow): CheckoutSession => ({
  id: row.id,
  status: checkoutStatusOf(row),
  tenantId: row.tenantId,
  skuId: row.skuId,
});

export type CheckoutTarget =
  | { kind: 'tenant'; tenantId: string }
  | { kind: 'new-tenant'; tenantName: string; regionName: RegionName };

export type NewCheckout = { userId: string; sku: SkuRow; target: CheckoutTarget; successCallbackUrl: string };

const sessionValues = ({ userId, sku, target, successCallbackUrl }: NewCheckout, now: Date) => ({
  id: generateId(),
  userId,
  skuId: sku.id,
  tenantId: target.kind === 'tenant' ? target.tenantId : null,
  tenantName: target.kind === 'new-tenant' ? target.tenantName : null,
  tenantRegionName: target.kind === 'new-tenant' ? target.regionName : null,
  successCallbackUrl,
  createdAt: now,
  expiresAt: new Date(now.getTime() + checkoutLifetimeMs),
});

/** A paid plan: an open session that the hosted checkout pays. */
export const openCheckout = async (db: Db, checkout: NewCheckout) => {
  const [row] = await db.insert(checkoutSessions).values(sessionValues(checkout, new Date())).returning();
  return row!;
};

/**
 * The free plan needs no payment: the session is complete at once. A new tenant is created on the free plan, an
 * existing one is downgraded; both within the user's free-tenant cap.
 */
export const completeFreeCheckout = (db: Db, checkout: NewCheckout) =>
  transactionResult(db, async (tx): Promise<Result<CheckoutRow, DowngradeRefusal>> => {
    const now = new Date();
    const { target, userId } = checkout;
    let tenantId;
    if (target.kind === 'tenant') {
      const downgraded = await downgradeToFree(tx, target.tenantId, userId);
      if (!downgraded.ok) return downgraded;
      tenantId = downgraded.value.id;
    } else {
      const reserved = await reserveFreeTenant(tx, userId);
      if (!reserved.ok) return reserved;
      const input = { name: target.tenantName, tag: 'production', regionName: target.regionName, planId: planIds.free } as const;
      tenantId = (await insertTenant(tx, userId, input)).id;
    }
    const [row] = await tx
      .insert(checkoutSessions)
      .values({ ...sessionValues(checkout, now), tenantId, status: 'complete', completedAt: now })
      .returning();
    return ok(row!);
  });

export const findCheckout = async (db: Db, id: string) => {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
};

export type PaymentAcceptance = 'accepted' | 'already_paid' | 'not_open';

/**
 * Records a successful payment (the hosted checkout, or a real provider's webhook): the session completes at `dueAt`.
 * Only the first of several submissions moves an open session on, so a double-submitted form pays once.
 */
export const acceptPayment = async (db: Db, sessionId: string, card: StoredCard, delayMs: number): Promise<PaymentAcceptance> => {
  const accepted = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(checkoutSessions)
      .set({ status: 'processing', card, dueAt: new Date(now.getTime() + delayMs) })
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open'), gt(checkoutSessions.expiresAt, now)))
      .returning({ id: checkoutSessions.id });
    if (row) await announceDeferredWork(tx);
    return row !== undefined;
  });
  if (accepted) return 'accepted';
  const row = await findCheckout(db, sessionId);
  return row && (row.status === 'processing' || row.status === 'complete') ? 'already_paid' : 'not_open';
};

/**
 * Completes a paid session whose row the transaction holds locked: creates the new tenant or switches the tenant's
 * plan, keeps the card on file and writes the paid invoice. A tenant deleted meanwhile ends the session as expired.
 */
const completeLocked = async (tx: Db, provider: PaymentProvider, session: CheckoutRow) => {
  const sku = { id: session.skuId, unitPrice: (await findSku(tx, session.skuId))?.unitPrice ?? 0 };
  let tenant;
  if (session.tenantId) {
    tenant = (await lockTenant(tx, session.tenantId)) && (await switchPlan(tx, session.tenantId, sku.id, { newPeriod: true }));
  } else {
    tenant = await insertTenant(tx, session.userId, {
      name: session.tenantName ?? '',
      tag: 'production',
      regionName: session.tenantRegionName === 'US' || session.tenantRegionName === 'AU' ? session.tenantRegionName : 'EU',
      planId: sku.id,
    });
  }
  const now = new Date();
  if (!tenant) {
    await tx.update(checkoutSessions).set({ status: 'expired', completedAt: now }).where(eq(checkoutSessions.id, session.id));
    return;
  }
  if (session.card) await provider.attachCard(tx, tenant.id, session.card);
  await writeInvoice(tx, {
    tenantId: tenant.id,
    status: 'paid',
    amountDue: sku.unitPrice,
    planId: sku.id,
    billingReason: 'subscription_create',
    periodStart: tenant.periodStart,
    periodEnd: tenant.periodEnd,
  });
  await tx
    .update(checkoutSessions)
    .set({ status: 'complete', tenantId: tenant.id, completedAt: now })
    .where(eq(checkoutSessions.id, session.id));
};

const dueCondition = (now: Date) => and(eq(checkoutSessions.status, 'processing'), lte(checkoutSessions.dueAt, now));

/**
 * Completes the session if it is due, exactly once: the row lock makes a simultaneous completion (another process,
 * the deferred work) wait and then find it complete.
 */
export const completeIfDue = (db: Db, provider: PaymentProvider, sessionId: string) =>
  db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, sessionId), dueCondition(new Date())))
      .for('update');
    if (!session) return;
    await completeLocked(tx, provider, session);
  });

const batchSize = 20;

/** Completes up to a batch of due sessions, each in its own transaction; rows another process holds are left to it. */
export const completeDueSessions = async (db: Db, provider: PaymentProvider) => {
  let done = 0;
  while (done < batchSize) {
    const completed = await db.transaction(async (tx) => {
      const [session] = await tx
        .select()
        .from(checkoutSessions)
        .where(dueCondition(new Date()))
        .orderBy(asc(checkoutSessions.dueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!session) return false;
      await completeLocked(tx, provider, session);
      return true;
    });
    if (!completed) break;
    done += 1;
  }
  return done;
};

/** Completion of paid sessions at their due time, standing in for the provider's webhook. */
export const checkoutCompletion = (db: Db, provider: PaymentProvider): DeferredWork => ({
  name: 'checkout completion',
  nextDueAt: async () => {
    const [row] = await db
      .select({ dueAt: min(checkoutSessions.dueAt) })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.status, 'processing'));
    return row?.dueAt ?? undefined;
  },
  runDue: () => completeDueSessions(db, provider),
});
