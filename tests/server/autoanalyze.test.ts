import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { analyzeChangedTables, autoanalyzeNaptimeMs, createAutoanalyze } from '#server/db/autoanalyze.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { freshPostgresSchema, postgresUrl } from './support.ts';

// PGlite has no autovacuum: these run on it whatever the database of the run; the last one is PostgreSQL's own.
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
});
afterAll(() => database?.close());

const lastAnalyzed = async (db = database.db) => {
  const [row] = await db
    .select({ at: sql<string | null>`last_analyze::text` })
    .from(sql`pg_stat_user_tables`)
    .where(sql`schemaname = 'idp' and relname = 'resources'`);
  return row?.at ?? null;
};

/** `count` API resources of one tenant, their ids starting with `prefix`. */
const addResources = async (prefix: string, count: number) => {
  await database.db.execute(sql`
    insert into idp.resources (tenant_id, id, name, indicator)
    select 'analyzed', ${prefix} || n, 'API ' || n, 'https://' || ${prefix} || '-' || n || '.test' from generate_series(1, ${count}) as n`);
};

describe('planner statistics of changed tables on PGlite', () => {
  test('the tables changed beyond autovacuum\'s threshold are analyzed, and then not until they change that much again', async () => {
    await database.db.execute(sql`insert into tenants (id, name, tag, region_name, plan_id) values ('analyzed', 'Analyzed', 'development', 'EU', 'free')`);
    await addResources('first', 300);
    expect(await lastAnalyzed()).toBeNull();
    await analyzeChangedTables(database.db);
    const analyzedAt = await lastAnalyzed();
    expect(analyzedAt).not.toBeNull();
    // 50 rows and 10% of the table are the threshold: 40 are not enough.
    await addResources('more', 40);
    await analyzeChangedTables(database.db);
    expect(await lastAnalyzed()).toBe(analyzedAt);
    await addResources('most', 100);
    await analyzeChangedTables(database.db);
    expect(await lastAnalyzed()).not.toBe(analyzedAt);
  });

  test('a naptime after start, and after the first write since the last analysis, one analysis runs; an idle process then sets no timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const analyses = vi.fn(() => database.db);
      const autoanalyze = createAutoanalyze(analyses);
      // The pass after start: the last process may have stopped within a naptime of its writes.
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(autoanalyzeNaptimeMs);
      expect(analyses).toHaveBeenCalledTimes(1);
      expect(vi.getTimerCount()).toBe(0);
      autoanalyze.wrote();
      autoanalyze.wrote();
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(autoanalyzeNaptimeMs - 1);
      expect(analyses).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(analyses).toHaveBeenCalledTimes(2);
      expect(vi.getTimerCount()).toBe(0);
      // The next write arms it again.
      autoanalyze.wrote();
      expect(vi.getTimerCount()).toBe(1);
      await autoanalyze.stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

test('the PGlite queue hears of each statement that may change rows, and of no read', async () => {
  const { PGlite } = await import('@electric-sql/pglite');
  const { queuedPglite } = await import('#server/db/fair-queue.ts');
  const wrote = vi.fn();
  const client = queuedPglite(await PGlite.create(), { wrote });
  try {
    await client.exec('create table t (n int)');
    expect(wrote).toHaveBeenCalledTimes(1);
    await client.query('select n from t');
    await client.query('  SELECT 1');
    expect(wrote).toHaveBeenCalledTimes(1);
    await client.query('insert into t values ($1)', [1]);
    await client.transaction(async (tx) => tx.query('select 1'));
    await client.query('with gone as (delete from t returning n) select * from gone');
    expect(wrote).toHaveBeenCalledTimes(4);
  } finally {
    await client.close();
  }
});

test.skipIf(!postgresUrl)(
  'on PostgreSQL, the server analyzes a changed table a naptime after the write when autovacuum is off, and leaves it to autovacuum otherwise',
  async () => {
    const fresh = (await freshPostgresSchema())!;
    const postgres = await openDatabase({ pgliteDir: '', databaseUrl: fresh.url });
    try {
      const [{ autovacuum } = { autovacuum: 'on' }] = await postgres.db.select({ autovacuum: sql<string>`current_setting('autovacuum')` }).from(sql`(values (1)) as one`);
      await postgres.db.execute(sql`insert into tenants (id, name, tag, region_name, plan_id) values ('analyzed', 'Analyzed', 'development', 'EU', 'free')`);
      await postgres.db.execute(sql`
        insert into idp.resources (tenant_id, id, name, indicator)
        select 'analyzed', 'r' || n, 'API ' || n, 'https://r-' || n || '.test' from generate_series(1, 300) as n`);
      await new Promise((resolve) => setTimeout(resolve, autoanalyzeNaptimeMs + 3000));
      if (autovacuum === 'on') expect(await lastAnalyzed(postgres.db)).toBeNull();
      else expect(await lastAnalyzed(postgres.db)).not.toBeNull();
    } finally {
      await postgres.close();
      await fresh.drop();
    }
  },
  autoanalyzeNaptimeMs + 20_000,
);
