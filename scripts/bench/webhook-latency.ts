/**
 * Webhook latency (issue 25, tenant-runtime.md §9): an event written to the outbox in a transaction, from its commit
 * until the first attempt arrives at a local receiver; p95 of 100 events after 10 to warm up, one at a time, on PGlite
 * (a data folder) and on PostgreSQL (DATABASE_URL or 127.0.0.1:5432, in a database of its own, woken by NOTIFY).
 * Budget ≤ 2 s, ≤ 300 ms on PostgreSQL. The server runs in this process. `node scripts/bench/webhook-latency.ts` runs
 * this alone.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadSecretsKey } from '#server/secrets-key.ts';
import { createHook } from '#server/tenant/hooks/domain.ts';
import { enqueueHookEvent } from '#server/tenant/hooks/outbox.ts';
import { onEachDatabase } from './load.ts';
import { percentile } from './figures.ts';
import { benchTenant } from './sign-in.ts';

const events = 100;
const warmUp = 10;

export type WebhookFigures = { database: string; p95: number; p50: number };

/** A receiver that resolves the waiter of each event's run number when it arrives. */
const startReceiver = async () => {
  const waiting = new Map<number, (at: number) => void>();
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const at = performance.now();
      response.writeHead(200).end('ok');
      waiting.get(Number((JSON.parse(raw) as { run?: number }).run))?.(at);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrival: (run: number) => new Promise<number>((resolve) => waiting.set(run, resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const measure = async (database: string, options: { dataDir?: string; databaseUrl?: string }): Promise<WebhookFigures> => {
  const { server, tenantId } = await benchTenant(options, { HOOKS_ALLOW_PRIVATE_ADDRESSES: '1' });
  const receiver = await startReceiver();
  try {
    const secretsKey = await loadSecretsKey({ databaseUrl: options.databaseUrl, pgliteDir: options.dataDir ?? '' });
    await server.db.transaction((tx) => createHook(tx, tenantId, secretsKey, { name: 'Bench', events: ['User.Created'], config: { url: receiver.url, retries: 0 } }));
    console.log(`  ${database}: ${events} events delivered…`);
    const times: number[] = [];
    for (let run = 0; run < warmUp + events; run += 1) {
      const arrived = receiver.arrival(run);
      await server.db.transaction((tx) => enqueueHookEvent(tx, tenantId, 'User.Created', { run }));
      const committed = performance.now();
      const at = await arrived;
      if (run >= warmUp) times.push(at - committed);
    }
    return { database, p50: percentile(times, 50), p95: percentile(times, 95) };
  } finally {
    await receiver.stop();
    await server.close();
  }
};

/** The figures on PGlite, then on PostgreSQL when one answers. */
export const benchWebhookLatency = async () => {
  const figures = await onEachDatabase(measure);
  for (const { database, p50, p95 } of figures) {
    const budget = database === 'PostgreSQL' ? '≤ 300 ms' : '≤ 2 s';
    console.log(`  ${database}: event committed until its first attempt arrives p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget ${budget})`);
  }
  return figures;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Webhook delivery latency:');
  await benchWebhookLatency();
  process.exit(0);
}
