import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tenants, time, users } from './schema.ts';

/** The tables of plans, checkouts, invoices and the local payment provider (spec 01 §9). */

/** Plans and usage add-ons; the built-in ones are written from the catalogue on every start. */
export const skus = pgTable('skus', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  unitPrice: integer('unit_price').notNull(),
  quota: jsonb('quota').$type<Record<string, number | boolean | null>>().notNull(),
  createdAt: createdAt(),
  updatedAt: time('updated_at').notNull().defaultNow(),
});

/** Stored card details of a checkout or a tenant: never the full number. */
export type StoredCard = { brand: string; last4: string; expiry: string; name: string; failsAtRenewal: boolean };

/**
 * Checkout sessions of the hosted checkout. A paid session is `processing` until `dueAt`, when a provider's webhook
 * would arrive; whichever process sees it due first completes it under the row lock.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    skuId: text('sku_id').notNull(),
    /** The tenant that switches plan, or the new tenant once created. */
    tenantId: text('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    tenantName: text('tenant_name'),
    tenantRegionName: text('tenant_region_name'),
    successCallbackUrl: text('success_callback_url').notNull(),
    status: text('status').notNull().default('open'),
    card: jsonb('card').$type<StoredCard>(),
    dueAt: time('due_at'),
    createdAt: createdAt(),
    completedAt: time('completed_at'),
    expiresAt: time('expires_at').notNull(),
  },
  (table) => [index('checkout_sessions_status_due_at').on(table.status, table.dueAt)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    amountDue: integer('amount_due').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    planId: text('plan_id'),
    billingReason: text('billing_reason').notNull(),
    periodStart: time('period_start').notNull(),
    periodEnd: time('period_end').notNull(),
    createdAt: createdAt(),
    paidAt: time('paid_at'),
  },
  (table) => [index('invoices_tenant_id_created_at').on(table.tenantId, table.createdAt)],
);

/** The card on file of a tenant, kept by the local payment provider. */
export const paymentCards = pgTable('payment_cards', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  card: jsonb('card').$type<StoredCard>().notNull(),
  updatedAt: time('updated_at').notNull().defaultNow(),
});

/** Customer-portal sessions: the id in the portal's URL is the capability; it expires. */
export const portalSessions = pgTable('portal_sessions', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  returnUrl: text('return_url').notNull(),
  createdAt: createdAt(),
  expiresAt: time('expires_at').notNull(),
});
