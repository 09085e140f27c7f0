import type { Db } from './client.ts';

/**
 * A hot query built once per database with placeholders and run by name: its SQL is not rebuilt per request, and
 * PostgreSQL keeps its plan on each connection instead of planning it again.
 */
export const preparedOnce = <Query>(build: (db: Db) => Query) => {
  const built = new WeakMap<Db, Query>();
  return (db: Db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
};
