/**
 * Server figures under load and at rest, on PGlite (a data folder, as `npm start` uses) and on PostgreSQL (when one
 * answers on DATABASE_URL or 127.0.0.1:5432; the bench creates and drops its own database there):
 * - idle CPU of the server process after start settles;
 * - 200 keep-alive clients looping on `GET /api/tenants` for 20 s: latency p50/p95/p99/max and errors.
 * `node scripts/bench/load.ts` runs this part alone.
 */
import { execFileSync } from 'node:child_process';
import { Agent } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { benchAccount } from './account.ts';
import { get } from './http.ts';
import { measureResourceList, type ListFigures } from './lists.ts';

const clients = 200;
const loadMs = 20_000;
const settleMs = 2_000;
const idleMs = 10_000;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], p: number) => values[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 1000 ? 3 : 2)} s`;

export type LoadFigures = { requests: number; errors: number; p50: number; p95: number; p99: number; max: number };

/** `clients` loops, each on its own keep-alive connection, sending the next request when the previous one answered. */
export const measureLoad = async (url: string, token: string): Promise<LoadFigures> => {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const target = new URL('/api/tenants', url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + loadMs;
  const loop = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const status = await get(agent, target, { authorization: `Bearer ${token}` }).then(({ status }) => status, () => 0);
      latencies.push(performance.now() - started);
      if (status !== 200) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  agent.destroy();
  const ordered = sorted(latencies);
  return { requests: ordered.length, errors, p50: at(ordered, 50), p95: at(ordered, 95), p99: at(ordered, 99), max: ordered.at(-1) ?? Number.NaN };
};

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime + stime of a process, in seconds. */
export const cpuSeconds = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
};

/** The process's CPU use over `idleMs` of quiet, in percent of one core. */
export const idleCpuPercent = async (pid: number) => {
  const [before, started] = [await cpuSeconds(pid), performance.now()];
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const [after, ended] = [await cpuSeconds(pid), performance.now()];
  return ((after - before) / ((ended - started) / 1000)) * 100;
};

/** A fresh database on the PostgreSQL of DATABASE_URL (or 127.0.0.1:5432), or undefined when none answers. */
export const benchPostgres = async () => {
  const admin = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `gatehouse_bench_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.href, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (!(await run(`create database ${name}`).then(() => true, () => false))) return undefined;
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
};

/**
 * After the bench's seeding, on PostgreSQL: writes the seeded pages out now (CHECKPOINT), so that the timings that
 * follow measure the requests, not the flush of a million freshly written rows running beside them.
 */
export const settleSeeding = async ({ databaseUrl }: { databaseUrl?: string }) => {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
};

/** One user with a few tenants, and a cloud API token for them. */
const signedInUser = async (server: RunningServer) => {
  const { cloudToken, createTenant } = await benchAccount(server.url, 'load');
  for (const name of ['Load one', 'Load two', 'Load three']) await createTenant(name);
  return cloudToken;
};

export type DatabaseFigures = { database: 'PGlite' | 'PostgreSQL'; idleCpu: number; load: LoadFigures; resourceList: ListFigures };

const measureServer = async (database: DatabaseFigures['database'], options: { dataDir?: string; databaseUrl?: string }) => {
  const server = await startServer({ edition: 'cloud', ...options });
  try {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const idleCpu = await idleCpuPercent(server.pid);
    console.log(`  ${database}: idle CPU ${idleCpu.toFixed(2)} %; ${clients} clients on GET /api/tenants for ${loadMs / 1000} s…`);
    const load = await measureLoad(server.url, await signedInUser(server));
    console.log(`  ${database}: GET /resources page 1 at 1,000 API resources…`);
    const resourceList = await measureResourceList(server);
    return { database, idleCpu, load, resourceList };
  } finally {
    await server.stop();
  }
};

export const formatLoad = ({ requests, errors, p50, p95, p99, max }: LoadFigures) =>
  `p50 ${seconds(p50)}, p95 ${seconds(p95)}, p99 ${seconds(p99)}, max ${seconds(max)}; ${requests} requests, ${errors} errors`;

/** `measure` on a PGlite data folder, then on a database of its own on PostgreSQL when one answers. */
export const onEachDatabase = async <Figures>(
  measure: (database: 'PGlite' | 'PostgreSQL', options: { dataDir?: string; databaseUrl?: string }) => Promise<Figures>,
) => {
  const figures: Figures[] = [];
  const folder = await mkdtemp(path.join(tmpdir(), 'gatehouse-load-'));
  try {
    figures.push(await measure('PGlite', { dataDir: path.join(folder, 'data') }));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const postgres = await benchPostgres();
  if (!postgres) console.log('  PostgreSQL: none answers on DATABASE_URL or 127.0.0.1:5432; skipped.');
  else {
    try {
      figures.push(await measure('PostgreSQL', { databaseUrl: postgres.url }));
    } finally {
      await postgres.drop();
    }
  }
  return figures;
};

/** Idle CPU and the load on PGlite, then on PostgreSQL when one answers. */
export const benchDatabases = async (): Promise<DatabaseFigures[]> => {
  const figures = await onEachDatabase(measureServer);
  for (const { database, idleCpu, load, resourceList } of figures) {
    console.log(`  ${database}: idle CPU ${idleCpu.toFixed(2)} % of a core; GET /api/tenants × ${clients} clients: ${formatLoad(load)}`);
    console.log(`  ${database}: GET /resources page 1 at 1,000 API resources: p50 ${resourceList.p50.toFixed(1)} ms, p95 ${resourceList.p95.toFixed(1)} ms (budget ≤ 5 / 10 ms)`);
  }
  return figures;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Idle CPU and load:');
  await benchDatabases();
}
