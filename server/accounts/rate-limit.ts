import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInFailures } from '../db/schema.ts';

export const maxSignInFailures = 5;
export const signInFailureWindowMs = 15 * 60 * 1000;

const since = () => new Date(Date.now() - signInFailureWindowMs);

/** True when `identifier` has had `maxSignInFailures` failed password attempts within the window. */
export const isSignInBlocked = async (db: Db, identifier: string) => {
  const [row] = await db
    .select({ failures: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.identifier, identifier), gt(signInFailures.createdAt, since())));
  return (row?.failures ?? 0) >= maxSignInFailures;
};

export const recordSignInFailure = (db: Db, identifier: string) => db.insert(signInFailures).values({ identifier });

export const clearSignInFailures = (db: Db, identifier: string) =>
  db.delete(signInFailures).where(eq(signInFailures.identifier, identifier));
