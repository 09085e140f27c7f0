import type { Database } from '#server/db/client.ts';
import { claimDue, nextDeliveryDueAt, releaseClaims, type ClaimedDelivery } from './delivery-store.ts';
import { runAttempt } from './deliver.ts';
import { hookChannel } from './outbox.ts';
import type { HookSettings } from './settings.ts';

/** Deliveries sent at once by one process. */
export const maxConcurrentSends = 10;
/** Deliveries still due after a pass that claimed none (another process holds them) are looked at again then. */
export const dispatcherRetryMs = 1000;
/** setTimeout's longest delay. */
const maxTimerMs = 2 ** 31 - 1;

export type HookDispatcher = { stop: () => Promise<void> };

/**
 * The webhook dispatcher of one server process (tenant-runtime.md §5): claims due deliveries into at most 10 send
 * slots whenever a committed change announces new ones (NOTIFY, on PostgreSQL from any process) and when its one timer
 * fires, set to the next retry or lease end; it does not poll, so an idle server leaves the database alone. Stopping aborts the sends under way and gives their claims back, so another process, or this
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

  let timer: NodeJS.Timeout | undefined;
  const arm = (at: number | undefined) => {
    clearTimeout(timer);
    if (at === undefined || stopping.signal.aborted) return;
    timer = setTimeout(wake, Math.min(Math.max(at - Date.now(), 0), maxTimerMs));
    timer.unref();
  };

  const claim = async () => {
    let claimedAny = false;
    do {
      again = false;
      const free = maxConcurrentSends - inFlight.size;
      // Full: a finished send wakes the dispatcher.
      if (free <= 0 || stopping.signal.aborted) return;
      const claimed = await claimDue(db, free, settings.leaseMs);
      for (const delivery of claimed) send(delivery);
      claimedAny ||= claimed.length > 0;
      // A full batch: there may be more due.
      if (claimed.length === free) again = true;
    } while (again && !stopping.signal.aborted);
    const due = (await nextDeliveryDueAt(db))?.getTime();
    arm(due !== undefined && due <= Date.now() && !claimedAny ? Date.now() + dispatcherRetryMs : due);
  };

  function wake() {
    if (stopping.signal.aborted) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = claim()
      .catch((error: unknown) => {
        console.error('claiming webhook deliveries failed', error);
        arm(Date.now() + dispatcherRetryMs);
      })
      .finally(() => (claiming = undefined));
  }

  const unlisten = await database.listen(hookChannel, () => wake());
  wake();

  return {
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      await unlisten();
      await claiming;
      const unfinished = [...inFlight.values()];
      await Promise.all(unfinished.map((entry) => entry.done));
      await releaseClaims(db, unfinished.map((entry) => entry.delivery)).catch((error: unknown) => console.error('releasing webhook deliveries failed', error));
    },
  };
};
