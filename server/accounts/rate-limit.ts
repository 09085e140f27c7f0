import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInFailures } from '../db/schema.ts';

/** First key of the two-key advisory locks the limits take, apart from the server's other advisory locks. */
const limitLockSpace = 7326413;

export const limitReached = Symbol('limit reached');

export type Limit = { key: string; max: number; windowMs: number };

/**
 * The one way a count-per-window limit is kept: a transaction holds an advisory lock on the limit's key (so the limit
 * holds across connections and processes, not only on PGlite's one connection), `used` counts what the window already
 * holds (`select count() as value … where created_at > since`), and below `max` `take` records the new attempt before
 * any slow work runs; at `max` nothing is written.
 */
export const takeWithinLimit = <T>(
  db: Db,
  limit: Limit,
  used: (tx: Db, since: Date) => Promise<{ value: number }[]>,
  take: (tx: Db) => Promise<T>,
): Promise<T | typeof limitReached> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${limitLockSpace}, hashtext(${limit.key}))`);
    const [row] = await used(tx, new Date(Date.now() - limit.windowMs));
    return (row?.value ?? 0) >= limit.max ? limitReached : take(tx);
  });

export const maxSignInFailures = 5;
export const signInFailureWindowMs = 15 * 60 * 1000;

/**
 * Checks a password under the limit of `key`: a failure is reserved before `check` (argon2) runs, so concurrent tries
 * cannot all pass an empty count; a correct password clears the key's failures, its own reservation included.
 */
export const checkPasswordWithinLimit = async (db: Db, key: string, check: () => Promise<boolean>) => {
  const reserved = await takeWithinLimit(
    db,
    { key, max: maxSignInFailures, windowMs: signInFailureWindowMs },
    (tx, since) =>
      tx.select({ value: count() }).from(signInFailures).where(and(eq(signInFailures.identifier, key), gt(signInFailures.createdAt, since))),
    (tx) => tx.insert(signInFailures).values({ identifier: key }),
  );
  if (reserved === limitReached) return 'too_many_attempts';
  if (!(await check())) return 'invalid';
  await db.delete(signInFailures).where(eq(signInFailures.identifier, key));
  return 'ok';
};

/**
 * Registers under the limit of `key` (a client's address): each attempt is reserved before `register` runs, so
 * attempts sent at once cannot pass the limit, and one that creates the account gives its reservation back. An
 * identifier found taken keeps it, so registering cannot tell whether accounts exist more often than signing in can.
 */
export const registerWithinLimit = async <T extends { ok: boolean }>(db: Db, key: string, register: () => Promise<T>) => {
  const reserved = await takeWithinLimit(
    db,
    { key, max: maxSignInFailures, windowMs: signInFailureWindowMs },
    (tx, since) =>
      tx.select({ value: count() }).from(signInFailures).where(and(eq(signInFailures.identifier, key), gt(signInFailures.createdAt, since))),
    // As text: a Date keeps milliseconds, and PostgreSQL's microseconds would then match no row.
    (tx) => tx.insert(signInFailures).values({ identifier: key }).returning({ createdAt: sql<string>`${signInFailures.createdAt}::text` }),
  );
  if (reserved === limitReached) return { ok: false, reason: 'too_many_attempts' } as const;
  const result = await register();
  if (result.ok) {
    const own = and(eq(signInFailures.identifier, key), sql`${signInFailures.createdAt} = ${reserved[0]!.createdAt}::timestamptz`);
    await db.delete(signInFailures).where(own);
  }
  return result;
};
