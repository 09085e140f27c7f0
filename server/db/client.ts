import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { migrate, type SqlRunner } from './migrate.ts';
import { listenOnPostgres, type Listen } from './listen.ts';
import { createAutoanalyze, mayWrite } from './autoanalyze.ts';
import { runKeptStatementsByName } from './prepared.ts';
import { queuedPglite } from './fair-queue.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; listen: Listen; close: () => Promise<void> };

/** PGlite's defaults are sized for a dedicated machine; these keep the embedded server small. */
const pgliteSettings = [
  'shared_buffers=16MB',
  'work_mem=2MB',
  'maintenance_work_mem=8MB',
  'temp_buffers=2MB',
  'wal_buffers=1MB',
];

const openPglite = async (dir: string, template?: Blob): Promise<Database> => {
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) await mkdir(path.dirname(path.resolve(dir)), { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : dir, {
    postgresqlconf: pgliteSettings,
    loadDataDir: inMemory ? template : undefined,
    // The search indexes of the idp schema (migration 0004).
    extensions: { pg_trgm },
  });
  const runner: SqlRunner = {
    withLock: (fn) =>
      fn({
        exec: async (sql) => void (await client.exec(sql)),
        names: async (sql) => (await client.query<{ name: string }>(sql)).rows.map((row) => row.name),
      }),
  };
  await migrate(runner);
  // NOTIFY reaches the listeners of this instance only: on PGlite, only this process writes.
  const listen: Listen = (channel, onNotify) => client.listen(channel, onNotify);
  const autoanalyze = createAutoanalyze(() => db);
  const kept = new Set<string>();
  const db = drizzlePglite({ client: queuedPglite(client, { wrote: autoanalyze.wrote, kept }), schema });
  runKeptStatementsByName(db, kept);
  const close = async () => {
    await autoanalyze.stop();
    await client.close();
  };
  return { db, kind: 'pglite', listen, close };
};

/** Tells `wrote` of each statement of `client` that may change rows (autoanalyze.ts). */
const watchWrites = (client: pg.PoolClient, wrote: () => void) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (mayWrite(typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text))) wrote();
    return query(config, ...rest);
  }) as typeof client.query;
};

/**
 * A pool whose end() also waits for its connections to close (pg-pool's resolves before they have); `wrote` hears of
 * each statement that may change rows.
 */
const createPool = (url: string, wrote: () => void) => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('connect', (client) => watchWrites(client, wrote));
  // An idle connection that fails (a restarted PostgreSQL) is dropped by the pool; it must not end the process.
  pool.on('error', (error) => console.error('an idle database connection failed', error));
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => open.delete(client));
  const end = async () => {
    const closed = new Promise<void>((resolve) => {
      const check = () => open.size === 0 && resolve();
      pool.on('remove', check);
      check();
    });
    await pool.end();
    await closed;
  };
  return { pool, end };
};

const openPostgres = async (url: string): Promise<Database> => {
  let autoanalyze: ReturnType<typeof createAutoanalyze> | undefined;
  const { pool, end } = createPool(url, () => autoanalyze?.wrote());
  const runner: SqlRunner = {
    withLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7326411)');
        return await fn({
          exec: async (sql) => void (await client.query(sql)),
          names: async (sql) => (await client.query<{ name: string }>(sql)).rows.map((row) => row.name),
        });
      } finally {
        await client.query('select pg_advisory_unlock(7326411)').catch(() => undefined);
        client.release();
      }
    },
  };
  await migrate(runner);
  const db = drizzlePostgres({ client: pool, schema });
  // A PostgreSQL without autovacuum keeps no statistics of its own either: the server analyzes as on PGlite.
  const { rows } = await pool.query<{ autovacuum: string }>('show autovacuum');
  if (rows[0]?.autovacuum !== 'on') autoanalyze = createAutoanalyze(() => db);
  const close = async () => {
    await autoanalyze?.stop();
    await end();
  };
  return { db, kind: 'postgres', listen: listenOnPostgres(url), close };
};

export type DatabaseOptions = {
  databaseUrl?: string;
  pgliteDir: string;
  /** A PGlite data dump (`dumpDataDir`) that a new in-memory database starts from, e.g. one already migrated. */
  pgliteTemplate?: Blob;
};

export const openDatabase = (options: DatabaseOptions): Promise<Database> =>
  options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDir, options.pgliteTemplate);
