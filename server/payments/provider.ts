import type { Hono } from 'hono';
import type { InvoicePages } from '../billing/invoices.ts';
import type { Db } from '../db/client.ts';
import type { StoredCard } from '../db/billing-schema.ts';

export type ChargeResult = 'paid' | 'declined' | 'no_card';

/**
 * What billing needs from a card payment provider. `server/payments/local` is the stand-in that serves its own pages;
 * a real provider would implement the same calls with its API and call `acceptPayment` from its webhook.
 */
export type PaymentProvider = InvoicePages & {
  /** The hosted page where checkout session `sessionId` is paid. */
  checkoutUrl: (sessionId: string) => string;
  /** Opens a customer-portal session of the tenant; its page links back to `returnUrl`. */
  createPortalSession: (db: Db, tenantId: string, returnUrl: string) => Promise<string>;
  /** Keeps the card a checkout was paid with as the tenant's card on file. */
  attachCard: (tx: Db, tenantId: string, card: StoredCard) => Promise<void>;
  /** Charges the tenant's card on file, e.g. at renewal. */
  chargeCardOnFile: (tx: Db, tenantId: string, amount: number) => Promise<ChargeResult>;
  /** The provider's own pages, served under /payments. */
  routes: () => Hono;
};
