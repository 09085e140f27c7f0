import { Worker } from 'node:worker_threads';
import { jwtClaimsMaxBytes, jwtConsoleOutputMaxBytes } from '#schemas/jwt-customizer.ts';
import type { SandboxFailureReason, SandboxInput, SandboxJob, SandboxLimits, SandboxOutcome } from './sandbox-run.ts';

export type { SandboxOutcome };

/**
 * The limits of tenant-runtime.md §6: 500 ms of script time by the interrupt handler, 5 s in all with the waits for
 * `fetch` (customize-jwt.md §6), 16 MB, a 512 KB stack, 50 KiB of claims.
 */
export const defaultSandboxLimits: SandboxLimits = {
  cpuMs: 500,
  wallMs: 5000,
  memoryBytes: 16 * 1024 * 1024,
  stackBytes: 512 * 1024,
  resultBytes: jwtClaimsMaxBytes,
  consoleBytes: jwtConsoleOutputMaxBytes,
};

export type SandboxPoolOptions = {
  /** Worker threads, each running one script at a time. */
  size: number;
  /**
   * A run that has run this long, not counting its waits for `fetch`, is stopped by terminating its worker (a new one
   * takes its place); so is one still going this long after its wall clock.
   */
  hardDeadlineMs: number;
  /** Runs waiting at most, in all, and per queue (a tenant): beyond, a run is refused at once as busy. */
  maxQueued: number;
  maxQueuedPerTenant: number;
  /** A run that waited this long for a worker is refused as busy, rather than hold its token request longer. */
  maxWaitMs: number;
};

const defaults: SandboxPoolOptions = { size: 2, hardDeadlineMs: 1000, maxQueued: 200, maxQueuedPerTenant: 20, maxWaitMs: 3000 };

type Task = { job: SandboxJob; tenantId: string; queuedAt: number; done: (outcome: SandboxOutcome) => void };
/** A worker; `ready` once it has loaded QuickJS: the hard deadline counts from then, not from its start-up. */
type Slot = { worker: Worker; ready: boolean; task?: Task; runId?: number; timer?: NodeJS.Timeout; wallTimer?: NodeJS.Timeout; ranMs: number };

const noOutput = () => ({ lines: [], truncated: false });
const refusal = (reason: SandboxFailureReason, message: string, durationMs = 0): SandboxOutcome =>
  ({ ok: false, code: 'General', reason, message, consoleOutput: noOutput(), durationMs });

/**
 * Runs custom JWT scripts in QuickJS (WebAssembly) inside a small pool of worker threads, so that no script ever runs
 * on the server's thread (tenant-runtime.md §6). Waiting runs are queued per tenant and served in turn, so one tenant's
 * many runs do not hold up another's; the queues are bounded, and a run that waits too long is refused. A run that
 * outlives the hard deadline (the interrupt handler failed to stop it) has its worker terminated and replaced.
 * Workers start on the first run and do not keep the process alive.
 */
export const createSandboxPool = (options: Partial<SandboxPoolOptions> = {}) => {
  const settings = { ...defaults, ...options };
  const queues = new Map<string, Task[]>();
  const slots: Slot[] = [];
  let queued = 0;
  let nextId = 1;
  let closed = false;

  const nextTask = (): Task | undefined => {
    for (;;) {
      const [tenantId, tasks] = queues.entries().next().value ?? [];
      if (tenantId === undefined || tasks === undefined) return undefined;
      queues.delete(tenantId);
      const task = tasks.shift()!;
      if (tasks.length > 0) queues.set(tenantId, tasks);
      queued -= 1;
      const waited = performance.now() - task.queuedAt;
      if (waited <= settings.maxWaitMs) return task;
      task.done(refusal('busy', 'The script sandbox is busy; try again shortly.', waited));
    }
  };

  const clearTimers = (slot: Slot) => {
    clearTimeout(slot.timer);
    clearTimeout(slot.wallTimer);
    slot.timer = undefined;
    slot.wallTimer = undefined;
  };

  const finish = (slot: Slot, outcome: SandboxOutcome) => {
    const { task } = slot;
    clearTimers(slot);
    slot.task = undefined;
    task?.done(outcome);
    const next = nextTask();
    if (next) start(slot, next);
  };

  const replace = (slot: Slot) => {
    clearTimers(slot);
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    slot.worker = spawn(slot);
  };

  const stop = (slot: Slot, started: number) => () => {
    replace(slot);
    finish(slot, refusal('time', 'The script ran past its time limit.', performance.now() - started));
  };

  /** Counts the run's time from now on, until it waits (`pause`) or ends. */
  const armDeadline = (slot: Slot) => {
    const started = performance.now();
    slot.timer = setTimeout(stop(slot, started), Math.max(0, settings.hardDeadlineMs - slot.ranMs));
    slot.timer.unref();
    if (slot.wallTimer) return;
    slot.wallTimer = setTimeout(stop(slot, started), slot.task!.job.limits.wallMs + settings.hardDeadlineMs);
    slot.wallTimer.unref();
  };

  /** The run waits for its requests (the worker's own wall clock ends the wait): its time stops counting. */
  const pause = (slot: Slot) => {
    clearTimeout(slot.timer);
    slot.timer = undefined;
  };

  const start = (slot: Slot, task: Task) => {
    const id = nextId++;
    slot.task = task;
    slot.runId = id;
    slot.ranMs = 0;
    if (slot.ready) armDeadline(slot);
    slot.worker.postMessage({ id, job: task.job });
  };

  const spawn = (slot: Slot) => {
    const worker = new Worker(new URL('./sandbox-worker.ts', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 64 } });
    worker.unref();
    slot.ready = false;
    worker.on('message', ({ id, outcome, ready, waiting, ranMs }: { id: number; outcome: SandboxOutcome; ready?: boolean; waiting?: boolean; ranMs?: number }) => {
      if (ready) {
        slot.ready = true;
        if (slot.task && !slot.timer) armDeadline(slot);
        return;
      }
      if (slot.runId !== id || !slot.task) return;
      if (waiting === undefined) return finish(slot, outcome);
      if (!slot.ready) return;
      // The script time the worker counted (the notice may reach this thread late).
      slot.ranMs = ranMs ?? slot.ranMs;
      if (waiting) pause(slot);
      else armDeadline(slot);
    });
    const crashed = () => {
      if (slot.worker !== worker) return;
      replace(slot);
      if (slot.task) finish(slot, refusal('crashed', 'The script sandbox failed.'));
    };
    worker.on('error', crashed);
    worker.on('exit', crashed);
    return worker;
  };

  /** Runs the job for the tenant; never rejects: a refusal is an outcome (busy, crashed, time). */
  const run = (tenantId: string, { input, limits, ...job }: Omit<SandboxJob, 'limits' | 'input'> & { input: SandboxInput; limits?: Partial<SandboxLimits> }) =>
    new Promise<SandboxOutcome>((done) => {
      if (closed) return done(refusal('busy', 'The script sandbox is closed.'));
      const task: Task = { job: { ...job, input: JSON.stringify(input), limits: { ...defaultSandboxLimits, ...limits } }, tenantId, queuedAt: performance.now(), done };
      const idle = slots.find((slot) => !slot.task);
      if (idle) return start(idle, task);
      if (slots.length < settings.size) {
        const slot = {} as Slot;
        slot.worker = spawn(slot);
        slots.push(slot);
        return start(slot, task);
      }
      const tasks = queues.get(tenantId) ?? [];
      if (queued >= settings.maxQueued || tasks.length >= settings.maxQueuedPerTenant) {
        return done(refusal('busy', 'The script sandbox is busy; try again shortly.'));
      }
      tasks.push(task);
      queues.set(tenantId, tasks);
      queued += 1;
    });

  return {
    run,
    /** How many workers are running, and how many runs wait (tests, bench). */
    stats: () => ({ workers: slots.length, queued }),
    close: async () => {
      closed = true;
      for (const tasks of queues.values()) for (const task of tasks) task.done(refusal('busy', 'The script sandbox is closed.'));
      queues.clear();
      await Promise.all(
        slots.splice(0).map((slot) => {
          clearTimers(slot);
          slot.worker.removeAllListeners();
          slot.task?.done(refusal('busy', 'The script sandbox is closed.'));
          return slot.worker.terminate();
        }),
      );
    },
  };
};

export type SandboxPool = ReturnType<typeof createSandboxPool>;

/** The server's pool: one per process, shared by every tenant (its queues keep them apart). */
export const jwtSandbox = createSandboxPool();
