import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { tenantGuard } from '#schemas/tenant.ts';
import { hookGuard, type Hook } from '#schemas/webhook.ts';
import { signUp } from '../support/oidc-client.ts';
import { startServer, type RunningServer, type StartServerOptions } from '../support/server.ts';
import { eventually, startReceiver, verifiesWith, type Receiver } from './hooks-support.ts';
import { bearer, call, freshPostgresSchema, json, newAccount, postgresUrl } from './support.ts';

/**
 * Durable delivery across processes (webhooks.md §6): a restart mid-retry, a `kill -9` mid-send and two processes on
 * one database lose no event and send none twice within one attempt. Short waits: attempts time out after 2 s, a
 * claim is held 3 s, retries come after 1.5 s.
 */
const hookEnv = { HOOKS_ALLOW_PRIVATE_ADDRESSES: '1', HOOK_TIMEOUT_MS: '2000', HOOK_LEASE_MS: '3000', HOOK_RETRY_DELAYS_MS: '1500,1500,1500' };

const running: RunningServer[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  for (const cleanup of cleanups) await cleanup();
});

const start = async (options: StartServerOptions) => {
  const server = await startServer({ ...options, env: { ...hookEnv, ...options.env } });
  running.push(server);
  return server;
};

/** A database two processes (or one, restarted) share: a fresh PostgreSQL database, or a PGlite folder. */
const sharedDatabase = async (): Promise<Pick<StartServerOptions, 'databaseUrl' | 'dataDir'>> => {
  const schema = await freshPostgresSchema();
  if (schema) {
    cleanups.push(schema.drop);
    return { databaseUrl: schema.url };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'gatehouse-hooks-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return { dataDir: path.join(folder, 'data') };
};

/** A tenant of a new console account on `server`, with one hook to `receiver`: answers how to create a user there. */
const tenantWithHook = async (server: RunningServer, receiver: Receiver) => {
  const session = await signUp(server.url, newAccount('deliveries'), { edition: 'cloud' });
  const tenant = tenantGuard.parse(await (await fetch(`${server.url}/api/tenants`, bearer(await session.accessToken(resourceIndicators.cloud), json({ name: 'Deliveries' })))).json());
  const token = await session.organizationToken(organizationIdOf(tenant.id));
  const api = (url: string) => `${url}/m/${tenant.id}/api`;
  const created = await call(`${api(server.url)}/hooks`, token, 'POST', { name: 'Durable', events: ['User.Created'], config: { url: receiver.url, retries: 3 } });
  expect(created.status, await created.clone().text()).toBe(201);
  const hook: Hook = hookGuard.parse(await created.json());
  return {
    hook,
    createUser: async (via: RunningServer, username: string) => {
      const response = await call(`${api(via.url)}/users`, token, 'POST', { username });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    },
    recentLogs: async (via: RunningServer) =>
      (await (await call(`${api(via.url)}/hooks/${hook.id}/recent-logs`, token, 'GET')).json()) as { payload: { attempt: number; result: string; deliveryId: string } }[],
  };
};

const deliveriesOf = (receiver: Receiver, userId: string) => receiver.received.filter((request) => (request.body.data as { id?: string }).id === userId);

// Each test starts two server processes, each taking seconds to start on a busy machine.
describe('delivery across processes', { timeout: 240_000 }, () => {
  test('stopped mid-retry and started again on the same database, the server sends the next attempt', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.stop);
    const database = await sharedDatabase();
    const first = await start({ edition: 'cloud', ...database });
    const { hook, createUser, recentLogs } = await tenantWithHook(first, receiver);
    receiver.answerWith(() => ({ status: 500 }));
    const userId = await createUser(first, 'restart_1');
    await eventually(() => deliveriesOf(receiver, userId)[0]);
    await first.stop();
    receiver.answerWith(() => ({ status: 200 }));

    const second = await start({ edition: 'cloud', ...database, env: { PUBLIC_URL: first.url } });
    const attempts = await eventually(() => (deliveriesOf(receiver, userId).length === 2 ? deliveriesOf(receiver, userId) : undefined), 15_000);
    expect(attempts[1]!.headers['webhook-id']).toBe(attempts[0]!.headers['webhook-id']);
    expect(verifiesWith(hook.signingKey, attempts[1]!)).toBe(true);
    const logs = await eventually(async () => {
      const items = await recentLogs(second);
      return items.length === 2 ? items : undefined;
    });
    expect(logs.map((log) => [log.payload.attempt, log.payload.result])).toEqual([[2, 'Success'], [1, 'Error']]);
  });

  test('killed with SIGKILL while its receiver has not answered, the event is still delivered once the claim runs out', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.stop);
    const database = await sharedDatabase();
    const first = await start({ edition: 'cloud', ...database });
    const { createUser, recentLogs } = await tenantWithHook(first, receiver);
    receiver.hold();
    const userId = await createUser(first, 'killed_1');
    await eventually(() => deliveriesOf(receiver, userId)[0]);
    process.kill(first.pid, 'SIGKILL');
    await first.stop();
    receiver.release();

    const second = await start({ edition: 'cloud', ...database, env: { PUBLIC_URL: first.url } });
    const attempts = await eventually(() => (deliveriesOf(receiver, userId).length === 2 ? deliveriesOf(receiver, userId) : undefined), 15_000);
    expect(attempts[1]!.headers['webhook-id']).toBe(attempts[0]!.headers['webhook-id']);
    const logs = await eventually(async () => {
      const items = await recentLogs(second);
      return items.length === 1 ? items : undefined;
    });
    // The killed attempt left no log: the same attempt was sent again, and succeeded.
    expect(logs.map((log) => [log.payload.attempt, log.payload.result])).toEqual([[1, 'Success']]);
  });

  test.skipIf(!postgresUrl)('two processes on one PostgreSQL send each event once', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.stop);
    const database = await sharedDatabase();
    const first = await start({ edition: 'cloud', ...database });
    const second = await start({ edition: 'cloud', ...database, env: { PUBLIC_URL: first.url } });
    const { createUser } = await tenantWithHook(first, receiver);
    const userIds = await Promise.all(Array.from({ length: 20 }, (_, index) => createUser(index % 2 ? first : second, `pair_${index}`)));
    await eventually(() => (userIds.every((id) => deliveriesOf(receiver, id).length > 0) ? true : undefined), 15_000);
    // Anything sent twice would have come by now (both poll each second).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(userIds.map((id) => deliveriesOf(receiver, id).length)).toEqual(userIds.map(() => 1));
  });
});
