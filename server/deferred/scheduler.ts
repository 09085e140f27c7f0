import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';

/**
 * Work that is due at a time kept in the database (checkout completion today, webhook deliveries later). Each kind
 * says when its next item is due and runs what is due. Every process may run it: `runDue` takes row locks so each item
 * is done exactly once.
 */
export type DeferredWork = {
  name: string;
  /** When the earliest waiting item is due; undefined when nothing waits. */
  nextDueAt: () => Promise<Date | undefined>;
  /** Runs the items that are due now and answers how many it finished. */
  runDue: () => Promise<number>;
};

/** The channel that wakes the schedulers of every process on the database. */
export const deferredWorkChannel = 'gatehouse_deferred_work';

/**
 * Tells every process's scheduler that deferred work was added or moved. Call it in the transaction that writes the
 * row: the notification is delivered when (and only if) it commits.
 */
export const announceDeferredWork = async (tx: Db) => {
  await tx.execute(sql`select pg_notify(${deferredWorkChannel}, '')`);
};

/** setTimeout's longest delay. */
const maxTimerMs = 2 ** 31 - 1;
/** Items still due after a run that finished none (another process holds them, or the run failed) are tried again then. */
export const deferredRetryMs = 1000;

export type DeferredScheduler = {
  /** When the timer will wake the scheduler next; undefined when nothing is due at all. */
  nextWakeAt: () => Date | undefined;
  stop: () => Promise<void>;
};

/** When `work` next needs the scheduler, running it first if it is due. */
const dueTimeAfterRun = async (work: DeferredWork) => {
  const due = await work.nextDueAt();
  if (due === undefined || due.getTime() > Date.now()) return due?.getTime();
  const done = await work.runDue();
  const next = (await work.nextDueAt())?.getTime();
  return next !== undefined && next <= Date.now() && done === 0 ? Date.now() + deferredRetryMs : next;
};

/**
 * Runs deferred work with one timer that sleeps until the next due time. It reads the due times at start (so work left
 * by a stopped process is picked up), and again when the timer fires or `announceDeferredWork` is committed by any
 * process; it does not poll.
 */
export const startDeferredWork = async (database: Pick<Database, 'listen'>, works: DeferredWork[]): Promise<DeferredScheduler> => {
  let timer: NodeJS.Timeout | undefined;
  let wakeAt: number | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const arm = (at: number | undefined) => {
    clearTimeout(timer);
    wakeAt = stopped ? undefined : at;
    if (wakeAt === undefined) return;
    timer = setTimeout(wake, Math.min(Math.max(wakeAt - Date.now(), 0), maxTimerMs));
    timer.unref();
  };

  const pass = async () => {
    const times = await Promise.all(
      works.map((work) =>
        dueTimeAfterRun(work).catch((error: unknown) => {
          console.error(`deferred work "${work.name}" failed`, error);
          return Date.now() + deferredRetryMs;
        }),
      ),
    );
    const due = times.filter((time) => time !== undefined);
    arm(due.length ? Math.min(...due) : undefined);
  };

  /** One pass at a time; a wake during a pass asks for another pass after it. */
  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !stopped);
    })().finally(() => (running = undefined));
  }

  const unlisten = await database.listen(deferredWorkChannel, wake);
  wake();
  await running;
  return {
    nextWakeAt: () => (wakeAt === undefined ? undefined : new Date(wakeAt)),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      wakeAt = undefined;
      await running;
      await unlisten();
    },
  };
};
