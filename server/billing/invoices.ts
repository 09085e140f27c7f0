import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Invoice, InvoiceStatus } from '#schemas/billing.ts';
import { billingReasons, invoiceStatuses } from '#schemas/billing.ts';
import type { Db } from '../db/client.ts';
import { tenants } from '../db/schema.ts';
import { invoices, skus } from '../db/billing-schema.ts';
import { generateId } from '../ids.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Pick<InvoiceRow, 'tenantId' | 'amountDue' | 'planId' | 'periodStart' | 'periodEnd'> & {
  status: Exclude<InvoiceStatus, 'void'>;
  billingReason: Invoice['billingReason'];
};

/** Where the payment provider shows an invoice. */
export type InvoicePages = { invoiceUrl: (invoiceId: string) => string };

const pick = <T extends string>(values: readonly T[], value: string, fallback: T) => values.find((item) => item === value) ?? fallback;

export const toInvoice = (row: InvoiceRow, planName: string | null, pages: InvoicePages): Invoice => ({
  id: row.id,
  tenantId: row.tenantId,
  status: pick(invoiceStatuses, row.status, 'void'),
  amountDue: row.amountDue,
  amountPaid: row.amountPaid,
  planId: row.planId,
  planName,
  billingReason: pick(billingReasons, row.billingReason, 'manual'),
  periodStart: row.periodStart.toISOString(),
  periodEnd: row.periodEnd.toISOString(),
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  hostedInvoiceUrl: pages.invoiceUrl(row.id),
});

export const writeInvoice = async (tx: Db, invoice: NewInvoice) => {
  const now = new Date();
  const paid = invoice.status === 'paid';
  const [row] = await tx
    .insert(invoices)
    .values({ ...invoice, id: generateId(), amountPaid: paid ? invoice.amountDue : 0, paidAt: paid ? now : null, createdAt: now })
    .returning();
  return row!;
};

const selectInvoices = (db: Db) =>
  db.select({ invoice: invoices, planName: skus.name }).from(invoices).leftJoin(skus, eq(skus.id, invoices.planId));

/** Billing history of a tenant, newest first. */
export const listInvoices = async (db: Db, tenantId: string, pages: InvoicePages) =>
  (await selectInvoices(db).where(eq(invoices.tenantId, tenantId)).orderBy(desc(invoices.createdAt), desc(invoices.id))).map((row) =>
    toInvoice(row.invoice, row.planName, pages),
  );

export const findInvoice = async (db: Db, id: string) => {
  const [row] = await selectInvoices(db).where(eq(invoices.id, id));
  return row;
};

/** Open invoices of the given tenants, oldest first, keyed by tenant. */
export const openInvoicesOf = async (db: Db, tenantIds: string[]) => {
  const byTenant = new Map<string, { id: string; amountDue: number }[]>();
  if (tenantIds.length === 0) return byTenant;
  const rows = await db
    .select({ id: invoices.id, tenantId: invoices.tenantId, amountDue: invoices.amountDue })
    .from(invoices)
    .where(and(inArray(invoices.tenantId, tenantIds), eq(invoices.status, 'open')))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  for (const { tenantId, ...invoice } of rows) byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), invoice]);
  return byTenant;
};

/**
 * Marks an open invoice paid; when the tenant has no other open invoice, a past-due subscription is active again.
 * Answers false when the invoice was not open (already paid, or paid by a simultaneous request).
 */
export const markInvoicePaid = async (tx: Db, invoice: InvoiceRow) => {
  const [paid] = await tx
    .update(invoices)
    .set({ status: 'paid', amountPaid: invoice.amountDue, paidAt: new Date() })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')))
    .returning({ id: invoices.id });
  if (!paid) return false;
  const [stillOpen] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tenantId, invoice.tenantId), eq(invoices.status, 'open'), ne(invoices.id, invoice.id)))
    .limit(1);
  if (!stillOpen) {
    await tx
      .update(tenants)
      .set({ subscriptionStatus: 'active' })
      .where(and(eq(tenants.id, invoice.tenantId), eq(tenants.subscriptionStatus, 'past_due')));
  }
  return true;
};
