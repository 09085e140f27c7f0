import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

type Job = { digest: string; password: string; done: (matches: boolean) => void };

/**
 * Verifies costly password digests (imported bcrypt, argon2 above the server's own cost) in worker threads, each one
 * at a time. The server's thread never computes them, and at most `size` run at once, so they hold at most `size` cores
 * (one core stays free for the server on a machine of two) and `size` times one digest's memory. The rest wait per
 * queue (a tenant), served in turn: one tenant's many verifications do not hold up another's.
 */
export const createVerificationPool = (size = Math.max(1, Math.min(4, availableParallelism() - 1))) => {
  const queues = new Map<string, Job[]>();
  const idle: Worker[] = [];
  let running = 0;

  /** The first job of the queue whose turn it is; that queue goes to the back of the line. */
  const nextJob = () => {
    const [key, jobs] = queues.entries().next().value ?? [];
    if (key === undefined || jobs === undefined) return undefined;
    queues.delete(key);
    const job = jobs.shift();
    if (jobs.length > 0) queues.set(key, jobs);
    return job;
  };

  const start = (worker: Worker, job: Job) => {
    const settle = (matches: boolean) => {
      worker.off('error', crashed);
      job.done(matches);
      const next = nextJob();
      if (next) start(worker, next);
      else idle.push(worker);
    };
    const crashed = () => {
      // A worker that failed is not reused: the job matches nothing, and a new worker takes its place.
      worker.off('message', settle);
      running -= 1;
      job.done(false);
      const next = nextJob();
      if (next) start(spawn(), next);
    };
    worker.once('message', settle);
    worker.once('error', crashed);
    worker.postMessage({ digest: job.digest, password: job.password });
  };

  const spawn = () => {
    running += 1;
    // Workers do not keep the process alive: a job in flight belongs to a request, which does.
    const worker = new Worker(new URL('./verification-worker.ts', import.meta.url));
    worker.unref();
    return worker;
  };

  return {
    verify: (digest: string, password: string, queue: string) =>
      new Promise<boolean>((done) => {
        const job = { digest, password, done };
        const worker = idle.pop() ?? (running < size ? spawn() : undefined);
        if (worker) start(worker, job);
        else if (queues.has(queue)) queues.get(queue)!.push(job);
        else queues.set(queue, [job]);
      }),
  };
};

/** The server's pool. */
export const costlyDigests = createVerificationPool();
