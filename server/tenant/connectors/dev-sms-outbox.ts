import type { HttpBindings } from '@hono/node-server';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Db } from '#server/db/client.ts';
import { devSmsOutbox } from '#server/db/schema.ts';
import { generateId } from '#server/ids.ts';
import { devPagesAccess, type DevMailboxAccess } from '#server/mail/dev-mailbox.ts';
import { createNonce, page, pageSecurityHeaders } from '#server/pages/layout.ts';
import { pickLocale } from '#server/pages/messages.ts';
import { connectorTexts } from './catalogue/index.ts';

const listedMessages = 100;

/** Keeps a text message of a tenant's Dev SMS outbox connector. */
export const storeDevSms = async (db: Db, sms: { to: string; from?: string; text: string }) => {
  await db.insert(devSmsOutbox).values({ id: generateId(), to: sms.to.trim(), from: sms.from ?? null, text: sms.text });
};

/** The newest text messages first, optionally only those to one number. */
export const listDevSms = async (db: Db, to?: string) => {
  const rows = await db
    .select()
    .from(devSmsOutbox)
    .where(to ? eq(devSmsOutbox.to, to.trim()) : undefined)
    .orderBy(desc(devSmsOutbox.createdAt), desc(devSmsOutbox.id))
    .limit(listedMessages);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
};

/** GET /dev/sms?token=… (a page) and /dev/sms.json?token=…&to=<phone> (for tests), under the dev mailbox's rule. */
export const devSmsOutboxRoutes = (db: Db, access: DevMailboxAccess) => {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use('/sms', devPagesAccess(access));
  app.use('/sms.json', devPagesAccess(access));

  app.get('/sms.json', async (c) => c.json(await listDevSms(db, c.req.query('to'))));

  app.get('/sms', async (c) => {
    const locale = pickLocale(undefined, c.req.header('accept-language'));
    const t = connectorTexts[locale].devSms;
    const nonce = createNonce();
    const messages = await listDevSms(db, c.req.query('to'));
    const list = messages.length
      ? html`<ol class="mailbox">
          ${messages.map(
            (message) => html`<li>
              <article aria-labelledby="sms-${message.id}">
                <h2 id="sms-${message.id}">${t.to}: ${message.to}</h2>
                <p>${message.from ? html`${t.from}: <span dir="auto">${message.from}</span><br />` : ''}${t.sent}: <time datetime="${message.createdAt}">${message.createdAt}</time></p>
                <pre dir="auto">${message.text}</pre>
              </article>
            </li>`,
          )}
        </ol>`
      : html`<p>${t.empty}</p>`;
    return c.html(page({ locale, nonce, title: t.title, body: html`<p role="note"><strong>${t.notice}</strong></p>${list}` }), 200, pageSecurityHeaders(nonce));
  });

  return app;
};
