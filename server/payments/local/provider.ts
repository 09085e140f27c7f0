import { and, eq, gt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { consolePath } from '#schemas/constants.ts';
import { acceptPayment, checkoutStatusOf, findCheckout } from '#server/billing/checkout.ts';
import { findInvoice, listInvoices, markInvoicePaid, toInvoice } from '#server/billing/invoices.ts';
import { checkoutCompletionDelay } from '#server/billing/settings.ts';
import { findSku } from '#server/billing/skus.ts';
import type { ServerConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { paymentCards, portalSessions, type StoredCard } from '#server/db/billing-schema.ts';
import { generateId } from '#server/ids.ts';
import { createNonce, pageSecurityHeaders } from '#server/pages/layout.ts';
import { pickLocale } from '#server/pages/messages.ts';
import { findTenant } from '#server/tenants.ts';
import type { PaymentProvider } from '../provider.ts';
import { checkCard, type CardForm } from './cards.ts';
import { paymentLocales, portalNotices, type PortalNotice } from './messages.ts';
import { checkoutView, invoiceView, paymentMessageView, portalView, type CardFormState, type PaymentView } from './views.ts';

export const portalSessionLifetimeMs = 60 * 60 * 1000;
type Status = 200 | 400 | 402 | 404 | 410;

const cardOnFile = async (db: Db, tenantId: string): Promise<StoredCard | undefined> => {
  const [row] = await db.select().from(paymentCards).where(eq(paymentCards.tenantId, tenantId));
  return row?.card;
};

const saveCard = async (db: Db, tenantId: string, card: StoredCard) => {
  await db
    .insert(paymentCards)
    .values({ tenantId, card })
    .onConflictDoUpdate({ target: paymentCards.tenantId, set: { card, updatedAt: new Date() } });
};

const cardForm = async (c: Context): Promise<CardForm> => {
  const form = await c.req.parseBody();
  const text = (key: string) => (typeof form[key] === 'string' ? form[key] : '').slice(0, 256);
  return { number: text('number'), expiry: text('expiry'), cvc: text('cvc'), name: text('name') };
};

/**
 * The local stand-in for a card payment provider: a hosted checkout and a customer portal served by this server
 * under /payments, the test cards of cards.ts, and the tenant's card on file in the database.
 */
export const createLocalPaymentProvider = (db: Db, config: ServerConfig): PaymentProvider => {
  const paymentsUrl = `${config.publicUrl}/payments`;
  const consoleUrl = `${config.publicUrl}${consolePath}`;
  const invoicePages = { invoiceUrl: (invoiceId: string) => `${paymentsUrl}/invoices/${invoiceId}` };

  const render = (c: Context) => {
    const locale = pickLocale(undefined, c.req.header('accept-language'));
    const view: PaymentView = { locale, nonce: createNonce(), t: paymentLocales[locale] };
    return { view, send: (body: Promise<string> | string, status: Status = 200) => c.html(body, status, pageSecurityHeaders(view.nonce)) };
  };

  const backToConsole = ({ t }: PaymentView) => ({ href: consoleUrl, text: t.backToConsole });

  const routes = () => {
    const app = new Hono();

    /** The checkout page of an open session, with its plan, price and tenant. */
    const showCheckout = async (c: Context, id: string, state?: CardFormState, status: Status = 200) => {
      const { view, send } = render(c);
      const { t } = view;
      const session = await findCheckout(db, id);
      const current = session && checkoutStatusOf(session);
      if (!session || current === 'expired') {
        return send(paymentMessageView(view, t.checkoutUnavailableTitle, t.checkoutUnavailable, backToConsole(view)), session ? 410 : 404);
      }
      if (current !== 'open') {
        return send(paymentMessageView(view, t.checkoutPaidTitle, t.checkoutPaid, { href: session.successCallbackUrl, text: t.continue }));
      }
      const sku = await findSku(db, session.skuId);
      const tenantName = session.tenantName ?? (session.tenantId ? (await findTenant(db, session.tenantId))?.name : undefined) ?? '';
      const summary = { sessionId: id, planName: sku?.name ?? session.skuId, unitPrice: sku?.unitPrice ?? 0, tenantName, cancelUrl: consoleUrl };
      return send(checkoutView(view, summary, state), status);
    };

    app.get('/checkout/:id', (c) => showCheckout(c, c.req.param('id')));

    app.post('/checkout/:id', async (c) => {
      const id = c.req.param('id');
      const session = await findCheckout(db, id);
      const current = session && checkoutStatusOf(session);
      // A second submission of a paid form lands where the first one did.
      if (session && (current === 'processing' || current === 'complete')) return c.redirect(session.successCallbackUrl, 303);
      if (!session || current !== 'open') return showCheckout(c, id);
      const form = await cardForm(c);
      const checked = checkCard(form);
      const values = { expiry: form.expiry, name: form.name };
      if (!checked.ok) return showCheckout(c, id, { values, errors: checked.errors }, 400);
      if (checked.declined) return showCheckout(c, id, { values, declined: true }, 402);
      const accepted = await acceptPayment(db, id, checked.card, await checkoutCompletionDelay(db, config));
      return accepted === 'not_open' ? showCheckout(c, id) : c.redirect(session.successCallbackUrl, 303);
    });

    const livePortal = async (id: string) => {
      const [row] = await db
        .select()
        .from(portalSessions)
        .where(and(eq(portalSessions.id, id), gt(portalSessions.expiresAt, new Date())));
      return row;
    };

    const showPortal = async (c: Context, id: string, state?: CardFormState, status: Status = 200) => {
      const { view, send } = render(c);
      const session = await livePortal(id);
      const tenant = session && (await findTenant(db, session.tenantId));
      if (!session || !tenant) return send(paymentMessageView(view, view.t.portalTitle, view.t.portalUnavailable, backToConsole(view)), 404);
      const notice = portalNotices.find((value) => value === c.req.query('notice'));
      const data = {
        sessionId: id,
        tenantName: tenant.name,
        planName: (await findSku(db, tenant.planId))?.name ?? tenant.planId,
        card: await cardOnFile(db, tenant.id),
        invoices: await listInvoices(db, tenant.id, invoicePages),
        returnUrl: session.returnUrl,
        notice,
      };
      return send(portalView(view, data, state), status);
    };

    const backToPortal = (c: Context, id: string, notice: PortalNotice) => c.redirect(`/payments/portal/${id}?notice=${notice}`, 303);

    app.get('/portal/:id', (c) => showPortal(c, c.req.param('id')));

    app.post('/portal/:id/card', async (c) => {
      const id = c.req.param('id');
      const session = await livePortal(id);
      if (!session) return showPortal(c, id);
      const form = await cardForm(c);
      const checked = checkCard(form);
      const values = { expiry: form.expiry, name: form.name };
      if (!checked.ok) return showPortal(c, id, { values, errors: checked.errors }, 400);
      if (checked.declined) return showPortal(c, id, { values, declined: true }, 402);
      await saveCard(db, session.tenantId, checked.card);
      return backToPortal(c, id, 'card-updated');
    });

    app.post('/portal/:id/invoices/:invoiceId/pay', async (c) => {
      const { id, invoiceId } = c.req.param();
      const session = await livePortal(id);
      if (!session) return showPortal(c, id);
      const notice = await db.transaction(async (tx): Promise<PortalNotice> => {
        const found = await findInvoice(tx, invoiceId);
        if (!found || found.invoice.tenantId !== session.tenantId || found.invoice.status !== 'open') return 'invoice-paid';
        const charge = await provider.chargeCardOnFile(tx, session.tenantId, found.invoice.amountDue);
        if (charge !== 'paid') return charge === 'no_card' ? 'no-card' : 'charge-declined';
        await markInvoicePaid(tx, found.invoice);
        return 'invoice-paid';
      });
      return backToPortal(c, id, notice);
    });

    app.get('/invoices/:id', async (c) => {
      const { view, send } = render(c);
      const found = await findInvoice(db, c.req.param('id'));
      if (!found) return send(paymentMessageView(view, view.t.invoiceTitle, view.t.invoiceNotFound, backToConsole(view)), 404);
      return send(invoiceView(view, toInvoice(found.invoice, found.planName, invoicePages), consoleUrl));
    });

    return app;
  };

  const provider: PaymentProvider = {
    ...invoicePages,
    checkoutUrl: (sessionId) => `${paymentsUrl}/checkout/${sessionId}`,
    createPortalSession: async (database, tenantId, returnUrl) => {
      const now = new Date();
      const id = generateId();
      await database.insert(portalSessions).values({ id, tenantId, returnUrl, createdAt: now, expiresAt: new Date(now.getTime() + portalSessionLifetimeMs) });
      return `${paymentsUrl}/portal/${id}`;
    },
    attachCard: saveCard,
    /** The card that fails at renewal pays only its checkout: every later charge is declined. */
    chargeCardOnFile: async (tx, tenantId) => {
      const card = await cardOnFile(tx, tenantId);
      if (!card) return 'no_card';
      return card.failsAtRenewal ? 'declined' : 'paid';
    },
    routes,
  };
  return provider;
};
