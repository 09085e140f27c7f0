import type { Db } from '../db/client.ts';
import { addUsage } from './store.ts';

/** How long counts wait before they are written, so that a burst of tokens costs one write per tenant. */
export const usageFlushMs = 1000;

/**
 * Token usage and monthly active users (spec 01 §4), counted into tenants.token_usage and tenants.active_users. Counts
 * are written a second after the first one of a batch and when the server stops; a timer runs only while counts wait.
 */
export const createUsageCounter = (db: Db) => {
  const pending = new Map<string, { tokens: number; users: Set<string> }>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = [...pending];
    pending.clear();
    writing = writing.then(async () => {
      for (const [tenantId, { tokens, users }] of batch) {
        await addUsage(db, tenantId, tokens, [...users]).catch((error: unknown) => console.error(`counting the usage of tenant ${tenantId} failed`, error));
      }
    });
    return writing;
  };

  /** One token issued, to `userId` when it is a user's (then the user is active this period). */
  const count = (tenantId: string, userId?: string) => {
    const entry = pending.get(tenantId) ?? { tokens: 0, users: new Set<string>() };
    entry.tokens += 1;
    if (userId) entry.users.add(userId);
    pending.set(tenantId, entry);
    timer ??= setTimeout(() => void flush(), usageFlushMs).unref();
  };

  return { count, flush };
};

export type UsageCounter = ReturnType<typeof createUsageCounter>;
