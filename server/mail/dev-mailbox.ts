import type { HttpBindings } from '@hono/node-server';
import { desc, eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { html } from 'hono/html';
import type { Db } from '../db/client.ts';
import { devMailbox, serverSettings } from '../db/schema.ts';
import { generateId } from '../ids.ts';
import { isLoopbackClient } from '../net/loopback.ts';
import { newSecret, sameSecret } from '../secrets.ts';
import { createNonce, page, pageSecurityHeaders } from '../pages/layout.ts';
import { pickLocale } from '../pages/messages.ts';
import type { Mail } from './mailer.ts';
import { mailLocales } from './messages.ts';

const listedMessages = 100;

/** Keeps a message; `from` is the sender name a tenant's Dev mailbox connector sets. */
export const storeDevMail = async (db: Db, mail: Mail, from?: string) => {
  await db.insert(devMailbox).values({ id: generateId(), ...mail, to: mail.to.toLowerCase(), from: from ?? null });
};

const linksOf = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);

/** The newest messages first, optionally only those to one address. */
export const listDevMail = async (db: Db, to?: string) => {
  const rows = await db
    .select()
    .from(devMailbox)
    .where(to ? eq(devMailbox.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(listedMessages);
  return rows.map((row) => ({ ...row, links: linksOf(row.text), createdAt: row.createdAt.toISOString() }));
};

const tokenKey = 'devMailboxToken';

/** The mailbox's secret: made once and kept in server_settings, so every server process on the database knows it. */
export const devMailboxToken = async (db: Db) => {
  await db.insert(serverSettings).values({ key: tokenKey, value: newSecret() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, tokenKey));
  return String(row!.value);
};

export const devMailboxUrl = (publicUrl: string, token: string) => `${publicUrl}/dev/mailbox?${new URLSearchParams({ token })}`;

export type DevMailboxAccess = { token: string; /** DEV_MAILBOX=1: clients off this machine too. */ anyClient: boolean };

/**
 * The dev pages' rule (the mailbox, the SMS outbox, the webhook inbox): the token, from this machine unless
 * DEV_MAILBOX=1; else 404. `opens` may take another token too for one path (a webhook inbox's own token).
 */
export const devPagesAccess =
  (access: DevMailboxAccess, opens: (token: string, path: string) => boolean = () => false): MiddlewareHandler<{ Bindings: HttpBindings }> =>
  async (c, next) => {
    const reachable = access.anyClient || isLoopbackClient(c.env.incoming.socket.remoteAddress, c.req.raw.headers);
    const token = c.req.query('token') ?? '';
    if (!reachable || !(sameSecret(token, access.token) || opens(token, c.req.path))) return c.text('Not found', 404);
    await next();
  };

/**
 * GET /dev/mailbox?token=… (a page) and /dev/mailbox.json?token=…&to=<address> (for tests): only while no SMTP_URL is
 * set. Without the token, or from a client off this machine (unless DEV_MAILBOX=1), the answer is 404.
 */
export const devMailboxRoutes = (db: Db, access: DevMailboxAccess) => {
  const app = new Hono<{ Bindings: HttpBindings }>();

  app.use('/mailbox', devPagesAccess(access));
  app.use('/mailbox.json', devPagesAccess(access));

  app.get('/mailbox.json', async (c) => c.json(await listDevMail(db, c.req.query('to'))));

  app.get('/mailbox', async (c) => {
    const locale = pickLocale(undefined, c.req.header('accept-language'));
    const t = mailLocales[locale];
    const nonce = createNonce();
    const messages = await listDevMail(db, c.req.query('to'));
    const list = messages.length
      ? html`<ol class="mailbox">
          ${messages.map(
            (message) => html`<li>
              <article aria-labelledby="mail-${message.id}">
                <h2 id="mail-${message.id}" dir="auto">${message.subject}</h2>
                ${message.from ? html`<p dir="auto">${message.from}</p>` : ''}
                <p>${t.mailboxTo}: ${message.to}<br />${t.mailboxSent}: <time datetime="${message.createdAt}">${message.createdAt}</time></p>
                <pre dir="auto">${message.text}</pre>
                ${message.links.length
                  ? html`<p>${t.mailboxLinks}:</p>
                      <ul>
                        ${message.links.map((link) => html`<li><a href="${link}">${link}</a></li>`)}
                      </ul>`
                  : ''}
              </article>
            </li>`,
          )}
        </ol>`
      : html`<p>${t.mailboxEmpty}</p>`;
    return c.html(
      page({ locale, nonce, title: t.mailboxTitle, body: html`<p role="note"><strong>${t.mailboxNotice}</strong></p>${list}` }),
      200,
      pageSecurityHeaders(nonce),
    );
  });

  return app;
};
