import type { Db } from './client.ts';

const keptTexts = new WeakMap<Db, Set<string>>();

/** Where a database runs its kept statements by name given their text (PGlite: pglite-statements.ts). */
export const runKeptStatementsByName = (db: Db, texts: Set<string>) => void keptTexts.set(db, texts);

/** Marks a prepared query as kept on `db`: PostgreSQL's driver runs it by name already, PGlite's once told. */
export const keep = <Query extends { getQuery: () => { sql: string } }>(db: Db, query: Query) => {
  keptTexts.get(db)?.add(query.getQuery().sql);
  return query;
};

/**
 * A hot query built once per database with placeholders and run by name: its SQL is not rebuilt per request, and the
 * database keeps its plan instead of planning it again. (`build` may also answer a holder of such queries, which then
 * keeps each one itself.)
 */
export const preparedOnce = <Query>(build: (db: Db) => Query) => {
  const built = new WeakMap<Db, Query>();
  return (db: Db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      if (typeof (query as { getQuery?: unknown }).getQuery === 'function') keep(db, query as Query & { getQuery: () => { sql: string } });
      built.set(db, query);
    }
    return query;
  };
};
