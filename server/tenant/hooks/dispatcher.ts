import type { Database } from '#server/db/client.ts';
import { claimDue, releaseClaims, type ClaimedDelivery } from './delivery-store.ts';
import { runAttempt } from './deliver.ts';
import { hookChannel } from './outbox.ts';
import type { HookSettings } from './settings.ts';

/** Deliveries sent at once by one process. */
export const maxConcurrentSends = 10;
/** The poll that finds retries coming due and the rows of a crashed process, besides NOTIFY. */
export const dispatcherPollMs = 1000;

export type HookDispatcher = { stop: () => Promise<void> };

/**
 * The webhook dispatcher of one server process (tenant-runtime.md §5): claims due deliveries into at most 10 send
 * slots, each second and whenever a committed change announces new ones (NOTIFY on PostgreSQL; on PGlite this process
 * is the only writer). Stopping aborts the sends under way and gives their claims back, so another process, or this
 * one restarted, sends them at once as the same attempts.
 */
export const startHookDispatcher = async (database: Pick<Database, 'db' | 'listen'>, settings: HookSettings): Promise<HookDispatcher> => {
  const { db } = database;
  const inFlight = new Map<string, { delivery: ClaimedDelivery; done: Promise<void> }>();
  const stopping = new AbortController();
  let claiming: Promise<void> | undefined;
  let again = false;

  const send = (delivery: ClaimedDelivery) => {
    const key = `${delivery.tenantId}/${delivery.id}`;
    const done = runAttempt(db, settings, delivery, stopping.signal)
      .catch((error: unknown) => console.error(`webhook delivery ${delivery.id} failed to record`, error))
      .then(() => {
        inFlight.delete(key);
        // A slot is free: more may be waiting.
        wake();
      });
    inFlight.set(key, { delivery, done });
  };

  const claim = async () => {
    do {
      again = false;
      const free = maxConcurrentSends - inFlight.size;
      if (free <= 0 || stopping.signal.aborted) return;
      const claimed = await claimDue(db, free, settings.leaseMs);
      for (const delivery of claimed) send(delivery);
      // A full batch: there may be more due.
      if (claimed.length === free) again = true;
    } while (again && !stopping.signal.aborted);
  };

  function wake() {
    if (stopping.signal.aborted) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = claim()
      .catch((error: unknown) => console.error('claiming webhook deliveries failed', error))
      .finally(() => (claiming = undefined));
  }

  const unlisten = await database.listen(hookChannel, () => wake());
  const poll = setInterval(wake, dispatcherPollMs);
  poll.unref();
  wake();

  return {
    stop: async () => {
      stopping.abort();
      clearInterval(poll);
      await unlisten();
      await claiming;
      const unfinished = [...inFlight.values()];
      await Promise.all(unfinished.map((entry) => entry.done));
      await releaseClaims(db, unfinished.map((entry) => entry.delivery)).catch((error: unknown) => console.error('releasing webhook deliveries failed', error));
    },
  };
};
