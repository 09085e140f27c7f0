import { html } from 'hono/html';
import type { Invoice } from '#schemas/billing.ts';
import type { StoredCard } from '#server/db/billing-schema.ts';
import { field, page } from '#server/pages/layout.ts';
import type { Locale } from '#schemas/locales.ts';
import { cardNameMaxLength, type CardError, type CardField, type CardForm } from './cards.ts';
import { formatDate, formatPrice, type PaymentMessages, type PortalNotice } from './messages.ts';

export type PaymentView = { locale: Locale; nonce: string; t: PaymentMessages };
export type CardFormState = { values?: Partial<CardForm>; errors?: Partial<Record<CardField, CardError>>; declined?: boolean };

/** The card fields; the number and the CVC are never sent back into the page. */
const cardFields = ({ t }: PaymentView, state: CardFormState) => {
  const error = (key: CardField) => (state.errors?.[key] ? t.cardErrors[state.errors[key]] : undefined);
  const first = (['number', 'expiry', 'cvc', 'name'] as const).find((key) => state.errors?.[key]);
  return html`${field({ id: 'number', label: t.cardNumber, autocomplete: 'cc-number', inputMode: 'numeric', error: error('number'), hint: t.testCardsHint, autofocus: first === 'number', required: true, maxLength: 23 })}
    ${field({ id: 'expiry', label: t.expiry, autocomplete: 'cc-exp', value: state.values?.expiry ?? '', error: error('expiry'), autofocus: first === 'expiry', required: true, maxLength: 7 })}
    ${field({ id: 'cvc', label: t.cvc, autocomplete: 'cc-csc', inputMode: 'numeric', error: error('cvc'), autofocus: first === 'cvc', required: true, maxLength: 4 })}
    ${field({ id: 'name', label: t.nameOnCard, autocomplete: 'cc-name', value: state.values?.name ?? '', error: error('name'), autofocus: first === 'name', required: true, maxLength: cardNameMaxLength })}`;
};

const declinedAlert = (t: PaymentMessages, state: CardFormState) => (state.declined ? html`<p class="error" role="alert">${t.declined}</p>` : '');

export type CheckoutSummary = { sessionId: string; planName: string; unitPrice: number; tenantName: string; cancelUrl: string };

export const checkoutView = (view: PaymentView, summary: CheckoutSummary, state: CardFormState = {}) => {
  const { t, locale } = view;
  return page({
    locale,
    nonce: view.nonce,
    title: t.checkoutTitle,
    body: html`<dl class="summary">
        <dt>${t.planLabel}</dt><dd>${summary.planName}</dd>
        <dt>${t.priceLabel}</dt><dd>${t.perMonth(formatPrice(locale, summary.unitPrice))}</dd>
        <dt>${t.tenantLabel}</dt><dd>${summary.tenantName}</dd>
      </dl>
      ${declinedAlert(t, state)}
      <form method="post" action="/payments/checkout/${summary.sessionId}" novalidate>
        ${cardFields(view, state)}
        <button type="submit">${t.pay}</button>
      </form>
      <p class="switch"><a href="${summary.cancelUrl}">${t.cancel}</a></p>`,
  });
};

export const paymentMessageView = (view: PaymentView, title: string, message: string, link: { href: string; text: string }) =>
  page({
    locale: view.locale,
    nonce: view.nonce,
    title,
    body: html`<p role="alert">${message}</p>
      <p class="switch"><a href="${link.href}">${link.text}</a></p>`,
  });

export type PortalData = {
  sessionId: string;
  tenantName: string;
  planName: string;
  card?: StoredCard;
  invoices: Invoice[];
  returnUrl: string;
  notice?: PortalNotice;
};

const invoiceRows = ({ t, locale }: PaymentView, data: PortalData) =>
  data.invoices.map((invoice) => {
    const amount = formatPrice(locale, invoice.amountDue);
    return html`<tr>
      <td><a href="${invoice.hostedInvoiceUrl}" target="_blank" rel="noopener">${formatDate(locale, new Date(invoice.createdAt))}</a></td>
      <td>${amount}</td>
      <td>${t.invoiceStatuses[invoice.status]}</td>
      <td>${invoice.status === 'open'
        ? html`<form method="post" action="/payments/portal/${data.sessionId}/invoices/${invoice.id}/pay">
            <button type="submit">${t.payInvoice(amount)}</button>
          </form>`
        : ''}</td>
    </tr>`;
  });

/**
 * The customer portal: card on file, invoices (open ones can be paid; each opens in a new tab, as from the console's
 * billing history), a form to replace the card, the way back.
 */
export const portalView = (view: PaymentView, data: PortalData, state: CardFormState = {}) => {
  const { t } = view;
  const negative = data.notice === 'charge-declined' || data.notice === 'no-card';
  return page({
    locale: view.locale,
    nonce: view.nonce,
    title: t.portalTitle,
    wide: true,
    body: html`${data.notice ? html`<p class="notice" role="${negative ? 'alert' : 'status'}">${t.notices[data.notice]}</p>` : ''}
      <dl class="summary">
        <dt>${t.tenantLabel}</dt><dd>${data.tenantName}</dd>
        <dt>${t.planLabel}</dt><dd>${data.planName}</dd>
        <dt>${t.cardOnFile}</dt><dd>${data.card ? t.cardOnFileValue(data.card) : t.noCard}</dd>
      </dl>
      <section aria-labelledby="invoices-title">
        <h2 id="invoices-title">${t.invoicesTitle}</h2>
        ${data.invoices.length
          ? html`<table>
              <thead><tr><th scope="col">${t.date}</th><th scope="col">${t.amount}</th><th scope="col">${t.status}</th><td></td></tr></thead>
              <tbody>${invoiceRows(view, data)}</tbody>
            </table>`
          : html`<p>${t.noInvoices}</p>`}
      </section>
      <section aria-labelledby="card-title">
        <h2 id="card-title">${t.updateCard}</h2>
        ${declinedAlert(t, state)}
        <form method="post" action="/payments/portal/${data.sessionId}/card" novalidate>
          ${cardFields(view, state)}
          <button type="submit">${t.saveCard}</button>
        </form>
      </section>
      <p class="switch"><a href="${data.returnUrl}">${t.backToConsole}</a></p>`,
  });
};

export const invoiceView = (view: PaymentView, invoice: Invoice, consoleUrl: string) => {
  const { t, locale } = view;
  const period = `${formatDate(locale, new Date(invoice.periodStart))} – ${formatDate(locale, new Date(invoice.periodEnd))}`;
  return page({
    locale,
    nonce: view.nonce,
    title: t.invoiceTitle,
    body: html`<dl class="summary">
        <dt>${t.invoiceTitle}</dt><dd>${invoice.id}</dd>
        <dt>${t.date}</dt><dd>${formatDate(locale, new Date(invoice.createdAt))}</dd>
        <dt>${t.planLabel}</dt><dd>${invoice.planName ?? invoice.planId ?? '–'}</dd>
        <dt>${t.period}</dt><dd>${period}</dd>
        <dt>${t.amountDue}</dt><dd>${formatPrice(locale, invoice.amountDue)}</dd>
        <dt>${t.amountPaid}</dt><dd>${formatPrice(locale, invoice.amountPaid)}</dd>
        <dt>${t.status}</dt><dd>${t.invoiceStatuses[invoice.status]}</dd>
      </dl>
      <p class="switch"><a href="${consoleUrl}">${t.backToConsole}</a></p>`,
  });
};
