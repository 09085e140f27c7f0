import type { InvoiceStatus } from '../../../schemas/billing.ts';
import type { PageLocale } from '../../pages/messages.ts';
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

const en: PaymentMessages = {
  checkoutTitle: 'Checkout',
  planLabel: 'Plan',
  priceLabel: 'Price',
  tenantLabel: 'Tenant',
  perMonth: (price) => `${price} per month`,
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  nameOnCard: 'Name on card',
  pay: 'Pay',
  testCardsHint:
    'Test payments only: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 0341 pays now and fails at renewal. Any future expiry and any CVC.',
  cardErrors: {
    invalidNumber: 'Enter a valid card number.',
    unknownTestCard: 'Use one of the test card numbers above.',
    invalidExpiry: 'Enter the expiry date as MM/YY.',
    expired: 'This card has expired.',
    invalidCvc: 'Enter the 3 or 4 digit security code.',
    nameRequired: 'Enter the name on the card.',
  },
  declined: 'Your card was declined.',
  cancel: 'Cancel and go back to Gatehouse',
  checkoutPaidTitle: 'Payment received',
  checkoutPaid: 'This checkout is paid. Your plan is being set up.',
  continue: 'Continue',
  checkoutUnavailableTitle: 'Checkout unavailable',
  checkoutUnavailable: 'This checkout has expired or does not exist. Start again from the console.',
  portalTitle: 'Billing',
  cardOnFile: 'Card on file',
  cardOnFileValue: ({ brand, last4, expiry }) => `${brand} ending in ${last4}, expires ${expiry}`,
  noCard: 'No card on file.',
  updateCard: 'Update card',
  saveCard: 'Save card',
  invoicesTitle: 'Invoices',
  noInvoices: 'No invoices yet.',
  date: 'Date',
  amount: 'Amount',
  status: 'Status',
  invoiceStatuses: { open: 'Open', paid: 'Paid', void: 'Void' },
  payInvoice: (amount) => `Pay ${amount}`,
  viewInvoice: 'View',
  backToConsole: 'Back to Gatehouse',
  notices: {
    'card-updated': 'Your card was updated.',
    'invoice-paid': 'The invoice is paid.',
    'charge-declined': 'Your card was declined. Update your card and try again.',
    'no-card': 'Add a card before paying.',
  },
  portalUnavailable: 'This billing session has expired or does not exist. Open it again from the console.',
  invoiceTitle: 'Invoice',
  period: 'Period',
  amountDue: 'Amount due',
  amountPaid: 'Amount paid',
  invoiceNotFound: 'This invoice does not exist.',
};

const de: PaymentMessages = {
  checkoutTitle: 'Bezahlen',
  planLabel: 'Tarif',
  priceLabel: 'Preis',
  tenantLabel: 'Mandant',
  perMonth: (price) => `${price} pro Monat`,
  cardNumber: 'Kartennummer',
  expiry: 'Ablaufdatum (MM/JJ)',
  cvc: 'Prüfnummer (CVC)',
  nameOnCard: 'Name auf der Karte',
  pay: 'Bezahlen',
  testCardsHint:
    'Nur Testzahlungen: 4242 4242 4242 4242 zahlt, 4000 0000 0000 0002 wird abgelehnt, 4000 0000 0000 0341 zahlt jetzt und scheitert bei der Verlängerung. Beliebiges künftiges Ablaufdatum und beliebige Prüfnummer.',
  cardErrors: {
    invalidNumber: 'Geben Sie eine gültige Kartennummer ein.',
    unknownTestCard: 'Verwenden Sie eine der oben genannten Testkartennummern.',
    invalidExpiry: 'Geben Sie das Ablaufdatum als MM/JJ ein.',
    expired: 'Diese Karte ist abgelaufen.',
    invalidCvc: 'Geben Sie die 3- oder 4-stellige Prüfnummer ein.',
    nameRequired: 'Geben Sie den Namen auf der Karte ein.',
  },
  declined: 'Ihre Karte wurde abgelehnt.',
  cancel: 'Abbrechen und zu Gatehouse zurückkehren',
  checkoutPaidTitle: 'Zahlung erhalten',
  checkoutPaid: 'Dieser Kauf ist bezahlt. Ihr Tarif wird eingerichtet.',
  continue: 'Weiter',
  checkoutUnavailableTitle: 'Bezahlung nicht verfügbar',
  checkoutUnavailable: 'Dieser Kauf ist abgelaufen oder existiert nicht. Beginnen Sie erneut in der Konsole.',
  portalTitle: 'Abrechnung',
  cardOnFile: 'Hinterlegte Karte',
  cardOnFileValue: ({ brand, last4, expiry }) => `${brand} mit Endziffern ${last4}, gültig bis ${expiry}`,
  noCard: 'Keine Karte hinterlegt.',
  updateCard: 'Karte ändern',
  saveCard: 'Karte speichern',
  invoicesTitle: 'Rechnungen',
  noInvoices: 'Noch keine Rechnungen.',
  date: 'Datum',
  amount: 'Betrag',
  status: 'Status',
  invoiceStatuses: { open: 'Offen', paid: 'Bezahlt', void: 'Storniert' },
  payInvoice: (amount) => `${amount} bezahlen`,
  viewInvoice: 'Ansehen',
  backToConsole: 'Zurück zu Gatehouse',
  notices: {
    'card-updated': 'Ihre Karte wurde geändert.',
    'invoice-paid': 'Die Rechnung ist bezahlt.',
    'charge-declined': 'Ihre Karte wurde abgelehnt. Ändern Sie Ihre Karte und versuchen Sie es erneut.',
    'no-card': 'Hinterlegen Sie zuerst eine Karte.',
  },
  portalUnavailable: 'Diese Abrechnungssitzung ist abgelaufen oder existiert nicht. Öffnen Sie sie erneut aus der Konsole.',
  invoiceTitle: 'Rechnung',
  period: 'Zeitraum',
  amountDue: 'Fälliger Betrag',
  amountPaid: 'Bezahlter Betrag',
  invoiceNotFound: 'Diese Rechnung existiert nicht.',
};

export const paymentLocales: Record<PageLocale, PaymentMessages> = { en, de };

export const formatPrice = (locale: PageLocale, cents: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);

export const formatDate = (locale: PageLocale, date: Date) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
