import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { signUp } from '../support/oidc-client.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { cards, listTenants, startCheckout, submitCard } from './billing-support.ts';
import { freshPostgresSchema, newAccount, postgresUrl, signUpUser, startTestServer } from './support.ts';

/** Run last first: servers stop before their database or folder goes. */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const start = async (options: Parameters<typeof startServer>[0]) => {
  const server = await startServer(options);
  cleanups.push(server.stop);
  return server;
};

/** Waits until the user's tenant list (which never completes a checkout itself) shows a tenant of that name. */
const waitForTenant = async (server: { url: string }, user: { cloudToken: () => Promise<string> }, name: string) => {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await listTenants(server, user)).some((tenant) => tenant.name === name)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
};

/**
 * Opens a checkout for a new Pro tenant on the deployment (its PUBLIC_URL), pays it through the process `paying` and
 * kills that process at once, before the payment is due.
 */
const payAndKill = async (deployment: { url: string }, paying: RunningServer, user: { cloudToken: () => Promise<string> }, tenantName: string) => {
  const { redirectUri } = await startCheckout(deployment, user, { tenantName });
  const paid = await submitCard(new URL(new URL(redirectUri).pathname, paying.url).href, cards.pays);
  expect(paid.status).toBe(303);
  process.kill(paying.pid, 'SIGKILL');
  await paying.stop();
};

/** A new user with one cloud token, which keeps working after the process that issued it is gone. */
const signedUp = async (url: string) => {
  const token = await (await signUp(url, newAccount('deferred'), { edition: 'cloud' })).accessToken(resourceIndicators.cloud);
  return { cloudToken: async () => token };
};

/** Counts the calls that reach the database client (PGlite, or the pg pool) from now on. */
const countQueries = (db: unknown) => {
  const client = (db as { $client: object }).$client;
  const methods = Object.getPrototypeOf(client) as Record<string, unknown>;
  const counter = { calls: 0 };
  for (const name of ['query', 'exec', 'transaction', 'connect']) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    Object.defineProperty(client, name, {
      configurable: true,
      value(this: unknown, ...args: unknown[]) {
        counter.calls += 1;
        return Reflect.apply(original, this, args);
      },
    });
  }
  return counter;
};

// Each test starts two or three server processes, and each takes seconds to start on a busy machine.
describe('deferred work', { timeout: 60_000 }, () => {
  test('an idle server does not touch the database, and a payment still completes when it is due', async () => {
    const server = await startTestServer('cloud', { CHECKOUT_COMPLETION_DELAY_MS: '300' });
    cleanups.push(server.close);
    const buyer = await signUpUser(server, 'idle');
    const queries = countQueries(server.db);
    // Nothing is due: no timer fires and nothing polls, however long the server waits (a poller queries within 250 ms).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(queries.calls).toBe(0);

    const { redirectUri } = await startCheckout(server, buyer, { tenantName: 'Woken' });
    expect((await submitCard(redirectUri, cards.pays)).status).toBe(303);
    expect(await waitForTenant(server, buyer, 'Woken')).toBe(true);
  });

  test.skipIf(!postgresUrl)('a checkout paid through one process is completed by another process on the same PostgreSQL', async () => {
    const schema = (await freshPostgresSchema())!;
    cleanups.push(schema.drop);
    const waiting = await start({ edition: 'cloud', databaseUrl: schema.url });
    const env = { PUBLIC_URL: waiting.url, CHECKOUT_COMPLETION_DELAY_MS: '1500' };
    const paying = await start({ edition: 'cloud', databaseUrl: schema.url, env });
    const user = await signedUp(waiting.url);
    // The waiting process found nothing due at its start; only the paying process's notification tells it.
    await payAndKill(waiting, paying, user, 'Handed over');
    expect(await waitForTenant(waiting, user, 'Handed over')).toBe(true);
  });

  test('a process restarted on the PGlite folder completes a checkout paid before the restart', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'gatehouse-deferred-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const dataDir = path.join(folder, 'data');
    const before = await start({ edition: 'cloud', dataDir, env: { CHECKOUT_COMPLETION_DELAY_MS: '1500' } });
    const user = await signedUp(before.url);
    await payAndKill(before, before, user, 'Restarted');
    const after = await start({ edition: 'cloud', dataDir, env: { PUBLIC_URL: before.url } });
    expect(await waitForTenant(after, user, 'Restarted')).toBe(true);
  });
});
