import type { InvoiceStatus } from '#schemas/billing.ts';
import type { Locale } from '#schemas/locales.ts';
import { messagesOf } from '#server/i18n/catalog.ts';
import type { CardError } from './cards.ts';

/** Text of the hosted checkout, the customer portal and the invoice pages. */
export type PaymentMessages = {
  checkoutTitle: string;
  planLabel: string;
  priceLabel: string;
  tenantLabel: string;
  perMonth: (price: string) => string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  nameOnCard: string;
  pay: string;
  testCardsHint: string;
  cardErrors: Record<CardError, string>;
  declined: string;
  cancel: string;
  checkoutPaidTitle: string;
  checkoutPaid: string;
  continue: string;
  checkoutUnavailableTitle: string;
  checkoutUnavailable: string;
  portalTitle: string;
  cardOnFile: string;
  cardOnFileValue: (card: { brand: string; last4: string; expiry: string }) => string;
  noCard: string;
  updateCard: string;
  saveCard: string;
  invoicesTitle: string;
  noInvoices: string;
  date: string;
  amount: string;
  status: string;
  invoiceStatuses: Record<InvoiceStatus, string>;
  payInvoice: (amount: string) => string;
  viewInvoice: string;
  backToConsole: string;
  notices: Record<PortalNotice, string>;
  portalUnavailable: string;
  invoiceTitle: string;
  period: string;
  amountDue: string;
  amountPaid: string;
  invoiceNotFound: string;
};

export const portalNotices = ['card-updated', 'invoice-paid', 'charge-declined', 'no-card'] as const;
export type PortalNotice = (typeof portalNotices)[number];

export const paymentLocales = messagesOf('payments');

export const formatPrice = (locale: Locale, cents: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);

export const formatDate = (locale: Locale, date: Date) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
