import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** A statement that changes no rows; anything else may have. */
const readOnlyStatement = /^\s*(select|show|explain|listen|unlisten|analyze|vacuum)\b/i;
export const mayWrite = (statement: string) => !readOnlyStatement.test(statement);

/** How long after a write PGlite's changed tables are looked for (autovacuum_naptime is a minute; lists fill faster). */
export const autoanalyzeNaptimeMs = 10_000;

/**
 * Analyzes the tables changed by more rows than autovacuum's analyze threshold (50, plus 10% of the table) since they
 * were last analyzed. Answers how many it analyzed.
 */
export const analyzeChangedTables = async (db: Db) => {
  // The counts of the last statements reach pg_stat_user_tables at the next flush, forced here.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const changed = await db
    .select({ name: sql<string>`format('%I.%I', schemaname, relname)` })
    .from(sql`pg_stat_user_tables`)
    .where(sql`n_mod_since_analyze > 50 + 0.1 * n_live_tup`);
  for (const { name } of changed) await db.execute(sql.raw(`analyze ${name}`));
  return changed.length;
};

/**
 * PGlite runs no autovacuum (nor does a PostgreSQL with `autovacuum = off`), so nothing else keeps its planner's
 * statistics: a table filled since it was last analyzed is planned as nearly empty (a page of 1,000 API resources then
 * sorts them all instead of reading 20 from the list's index). This is autovacuum's analyze for such a database: a
 * naptime after a write, the changed tables are analyzed. An idle process does nothing.
 */
export const createAutoanalyze = (db: () => Db) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    timer = undefined;
    running = analyzeChangedTables(db()).catch((error: unknown) => console.error('analyzing the changed tables failed', error));
  };
  const autoanalyze = {
    /** A statement that may have changed rows has run. */
    wrote: () => {
      timer ??= setTimeout(run, autoanalyzeNaptimeMs).unref();
    },
    /** Cancels the next run and waits for one under way. */
    stop: async () => {
      clearTimeout(timer);
      await running;
    },
  };
  // The last process may have stopped within a naptime of its writes.
  autoanalyze.wrote();
  return autoanalyze;
};
