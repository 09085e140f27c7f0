import { createHmac } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { Db } from '#server/db/client.ts';
import { devWebhookInboxes, devWebhookRequests } from '#server/db/schema.ts';
import { generateId } from '#server/ids.ts';
import { devPagesAccess, type DevMailboxAccess } from '#server/mail/dev-mailbox.ts';
import { sameSecret } from '#server/secrets.ts';
import { devInboxPath } from './settings.ts';

/**
 * The dev webhook inbox (webhooks.md §7, idea 2): `POST /dev/webhooks/{name}?token=…` keeps the request and answers the
 * inbox's status (200 unless set); `GET` lists what it kept, newest first, as JSON; `PUT …/status` sets the status.
 * Kept in the database, so every process serves the same inboxes; served with the dev mailbox, under its rule: the
 * mailbox's token opens every inbox, an inbox's own token (`devInboxUrl`, what the console offers an admin) that one.
 */

const listedRequests = 100;
const namePattern = /^[\w-]{1,64}$/;
/** The token of one inbox, made from the mailbox's: it opens that inbox only, never the mailbox. */
const devInboxToken = (mailboxToken: string, name: string) => createHmac('sha256', mailboxToken).update(`dev-webhook-inbox:${name}`).digest('base64url');

/** The URL of the tenant's inbox `name`: the name, then the tenant's id (no two tenants share one), with the inbox's own token. */
export const devInboxUrl = (publicUrl: string, mailboxToken: string, tenantId: string, name: string) => {
  const inbox = `${name}-${tenantId}`;
  return `${publicUrl}${devInboxPath}${inbox}?${new URLSearchParams({ token: devInboxToken(mailboxToken, inbox) })}`;
};

/** Whether `token` is the own token of the inbox `path` names (`/dev/webhooks/{name}` or its `/status`). */
const opensInbox = (mailboxToken: string) => (token: string, path: string) => {
  const name = /\/webhooks\/([^/]+)/.exec(path)?.[1];
  return name !== undefined && namePattern.test(name) && sameSecret(token, devInboxToken(mailboxToken, name));
};
const statusGuard = z.strictObject({ status: z.number().check(z.int(), z.minimum(200), z.maximum(599)) });

export type DevWebhookRequest = { id: string; name: string; headers: Record<string, string>; body: string; status: number; createdAt: string };

const statusOf = async (db: Db, name: string) =>
  (await db.select({ status: devWebhookInboxes.status }).from(devWebhookInboxes).where(eq(devWebhookInboxes.name, name)))[0]?.status ?? 200;

export const listDevWebhookRequests = async (db: Db, name: string): Promise<DevWebhookRequest[]> => {
  const rows = await db
    .select()
    .from(devWebhookRequests)
    .where(eq(devWebhookRequests.name, name))
    .orderBy(desc(devWebhookRequests.createdAt), desc(devWebhookRequests.id))
    .limit(listedRequests);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
};

export const devWebhookInboxRoutes = (db: Db, access: DevMailboxAccess) => {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use('/webhooks/*', devPagesAccess(access, opensInbox(access.token)));
  const named = (name: string) => namePattern.test(name);

  app.post('/webhooks/:name', async (c) => {
    const name = c.req.param('name');
    if (!named(name)) return c.text('Not found', 404);
    const status = await statusOf(db, name);
    const headers = Object.fromEntries(c.req.raw.headers.entries());
    await db.insert(devWebhookRequests).values({ id: generateId(), name, headers, body: await c.req.text(), status });
    return c.json({ received: true, status }, status as 200);
  });

  app.get('/webhooks/:name', async (c) => {
    const name = c.req.param('name');
    if (!named(name)) return c.text('Not found', 404);
    return c.json({ name, status: await statusOf(db, name), requests: await listDevWebhookRequests(db, name) });
  });

  app.put('/webhooks/:name/status', async (c) => {
    const name = c.req.param('name');
    const parsed = statusGuard.safeParse(await c.req.json().catch(() => undefined));
    if (!named(name)) return c.text('Not found', 404);
    if (!parsed.success) return c.json({ code: 'guard.invalid_input', message: 'The status must be a whole number from 200 to 599.' }, 400);
    const { status } = parsed.data;
    await db.insert(devWebhookInboxes).values({ name, status }).onConflictDoUpdate({ target: devWebhookInboxes.name, set: { status } });
    return c.body(null, 204);
  });

  return app;
};
