import { DefaultIntrinsics, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten';
import type { CustomJwtErrorCode, JwtConsoleOutput } from '#schemas/jwt-customizer.ts';
import type { SandboxNetwork } from './sandbox-fetch.ts';
import { closeHost, installGlobals, type SandboxHost } from './sandbox-globals.ts';

/** What bounds one run (tenant-runtime.md §6): `cpuMs` of script time, `wallMs` in all, waits for `fetch` included. */
export type SandboxLimits = { cpuMs: number; wallMs: number; memoryBytes: number; stackBytes: number; resultBytes: number; consoleBytes: number };

/** What the script's function is called with. */
export type SandboxInput = { token: unknown; context: unknown; environmentVariables: Record<string, string> };

/**
 * One run: the script, and its input as JSON (serialised once by the host, so a large context crosses to the worker as
 * one string); `check` only compiles it and looks for the function.
 */
export type SandboxJob = { script: string; input: string; check?: boolean; limits: SandboxLimits; network?: SandboxNetwork };

/** Why a run failed, for the host's answer and log. */
export type SandboxFailureReason = 'denied' | 'thrown' | 'syntax' | 'missing-function' | 'time' | 'memory' | 'invalid-result' | 'too-large' | 'unsettled' | 'busy' | 'crashed';

export type SandboxOutcome =
  | { ok: true; claims: Record<string, unknown>; consoleOutput: JwtConsoleOutput; durationMs: number }
  | { ok: false; code: CustomJwtErrorCode; reason: SandboxFailureReason; message: string; line?: number; consoleOutput: JwtConsoleOutput; durationMs: number };

const scriptFile = 'script.js';
const functionName = 'getCustomJwtClaims';
const levels = ['log', 'info', 'warn', 'error', 'debug'] as const;

/**
 * Calls the script's function with the input (deep-frozen copies) and settles on a JSON string naming the outcome. The
 * input and `api.denyAccess` come in as globals that the harness takes and deletes first.
 */
const harness = `(() => {
  const freeze = (value) => {
    if (value && typeof value === 'object' && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const key of Object.keys(value)) freeze(value[key]);
    }
    return value;
  };
  const input = freeze(JSON.parse(globalThis.__gatehouseInput));
  const api = Object.freeze({ denyAccess: globalThis.__gatehouseDeny });
  delete globalThis.__gatehouseInput;
  delete globalThis.__gatehouseDeny;
  const payload = Object.freeze({ token: input.token, context: input.context, environmentVariables: input.environmentVariables, api });
  return Promise.resolve(${functionName}(payload)).then((result) => {
    const isObject = typeof result === 'object' && result !== null && !Array.isArray(result);
    return isObject ? JSON.stringify({ ok: true, json: JSON.stringify(result) }) : JSON.stringify({ ok: false, type: result === null ? 'null' : Array.isArray(result) ? 'array' : typeof result });
  });
})()`;

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/** The line of the user's script an error's stack points at (1-based). */
const lineOf = (stack: unknown) => {
  const match = typeof stack === 'string' ? new RegExp(`${scriptFile.replace('.', '\\.')}:(\\d+)`).exec(stack) : null;
  return match ? Number(match[1]) : undefined;
};

const consoleOf = (ctx: QuickJSContext, maxBytes: number) => {
  const output: JwtConsoleOutput = { lines: [], truncated: false };
  let used = 0;
  const text = (handle: QuickJSHandle) => {
    const value: unknown = ctx.dump(handle);
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  const object = ctx.newObject();
  for (const level of levels) {
    ctx.newFunction(level, (...args) => {
      if (output.truncated) return;
      const message = args.map(text).join(' ');
      const room = maxBytes - used;
      if (utf8Length(message) > room) {
        output.truncated = true;
        if (room > 0) output.lines.push({ level, message: Buffer.from(message).subarray(0, room).toString('utf8') });
        used = maxBytes;
        return;
      }
      used += utf8Length(message);
      output.lines.push({ level, message });
    }).consume((fn) => ctx.setProp(object, level, fn));
  }
  ctx.setProp(ctx.global, 'console', object);
  object.dispose();
  return output;
};

type Failure = { reason: SandboxFailureReason; message: string; line?: number };

/** What an error thrown in the sandbox means, given whether the CPU deadline passed. */
const failureOf = (dumped: unknown, timedOut: boolean, stage: 'compile' | 'run'): Failure => {
  const error = (typeof dumped === 'object' && dumped !== null ? dumped : { message: String(dumped) }) as { name?: string; message?: string; stack?: string };
  const message = String(error.message ?? error.name ?? 'The script failed.');
  if (timedOut || message === 'interrupted') return { reason: 'time', message: 'The script ran past its time limit.' };
  if (/out of memory/i.test(message)) return { reason: 'memory', message: 'The script ran out of memory.' };
  const line = lineOf(error.stack);
  if (stage === 'compile' && error.name === 'SyntaxError') return { reason: 'syntax', message: `SyntaxError: ${message}`, line };
  return { reason: 'thrown', message: error.name ? `${error.name}: ${message}` : message, line };
};

/** A QuickJS runtime and context of `module` that no run has used, its globals installed: each run takes one, and frees it after. */
export type FreshContext = { module: QuickJSWASMModule; runtime: QuickJSRuntime; ctx: QuickJSContext; host: SandboxHost };

/** Made ahead of a run (sandbox-worker.ts), so that the run does not wait for it. */
export const freshContext = (module: QuickJSWASMModule): FreshContext => {
  const runtime = module.newRuntime();
  // No typed arrays: their buffers escaped the memory limit in this build, and claims are JSON.
  const ctx = runtime.newContext({ intrinsics: { ...DefaultIntrinsics, TypedArrays: false } });
  return { module, runtime, ctx, host: installGlobals(ctx) };
};

/**
 * Told when a run starts and stops waiting for its requests, with the script time spent so far (the pool's hard
 * deadline counts script time only).
 */
export type WaitNotice = (waiting: boolean, ranMs: number) => void;

/**
 * Runs one job in a fresh QuickJS runtime and context, within the job's limits. Answers the outcome, and `dispose`,
 * which frees the runtime (the caller answers first) and tells whether the module should be replaced: a run stopped by
 * a limit can leave the runtime impossible to free cleanly. Only a run whose script calls `fetch` ever waits.
 */
export const runInSandbox = async ({ runtime, ctx, host }: FreshContext, job: SandboxJob, onWait?: WaitNotice): Promise<{ outcome: SandboxOutcome; dispose: () => { replaceModule: boolean } }> => {
  const started = performance.now();
  const startedAt = Date.now();
  let waitedMs = 0;
  // The CPU deadline counts the script's time, not the time it waited for its requests.
  const cpuSpent = () => Date.now() - startedAt - waitedMs;
  const pastDeadline = () => cpuSpent() >= job.limits.cpuMs;
  host.network = job.network ?? host.network;
  host.wallDeadline = startedAt + job.limits.wallMs;
  runtime.setMemoryLimit(job.limits.memoryBytes);
  runtime.setMaxStackSize(job.limits.stackBytes);
  runtime.setInterruptHandler(pastDeadline);
  const consoleOutput = consoleOf(ctx, job.limits.consoleBytes);
  const dump = (handle: QuickJSHandle): unknown => ctx.dump(handle);
  let denied: string | undefined;
  const settle = (result: { claims: Record<string, unknown> } | Failure): SandboxOutcome => {
    const durationMs = performance.now() - started;
    if (denied !== undefined) return { ok: false, code: 'AccessDenied', reason: 'denied', message: denied, consoleOutput, durationMs };
    if ('claims' in result) return { ok: true, claims: result.claims, consoleOutput, durationMs };
    return { ok: false, code: 'General', ...result, consoleOutput, durationMs };
  };
  const timeUp = { reason: 'time', message: 'The script ran past its time limit.' } as const;

  /** Waits until a request settles or the wall clock ends; false when it ended. */
  const waitForRequests = async () => {
    const waitStarted = Date.now();
    onWait?.(true, cpuSpent());
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((wake) => {
      host.wake = wake;
      timer = setTimeout(wake, Math.max(0, host.wallDeadline - waitStarted));
    });
    clearTimeout(timer);
    host.wake = undefined;
    waitedMs += Date.now() - waitStarted;
    onWait?.(false, cpuSpent());
    return Date.now() < host.wallDeadline;
  };

  const run = async (): Promise<SandboxOutcome> => {
    const compiled = ctx.evalCode(job.script, scriptFile, { type: 'global', strict: false });
    if (compiled.error) return settle(failureOf(compiled.error.consume(dump), pastDeadline(), 'compile'));
    compiled.value.dispose();
    const found = ctx.evalCode(`typeof ${functionName} === 'function'`);
    const defined = found.error ? (found.error.dispose(), false) : found.value.consume(dump) === true;
    if (!defined) return settle({ reason: 'missing-function', message: `The script must define ${functionName}.` });
    if (job.check) return settle({ claims: {} });

    ctx.newString(job.input).consume((input) => ctx.setProp(ctx.global, '__gatehouseInput', input));
    ctx
      .newFunction('denyAccess', (message) => {
        const text = message ? ctx.dump(message) : undefined;
        denied = typeof text === 'string' && text ? text.slice(0, 512) : 'Access denied.';
        // A private sentinel: the host knows the run was denied by `denied`, whatever the script does with the error.
        return { error: ctx.newError({ name: 'AccessDenied', message: denied }) };
      })
      .consume((fn) => ctx.setProp(ctx.global, '__gatehouseDeny', fn));
    const called = ctx.evalCode(harness, 'harness.js');
    if (called.error) return settle(failureOf(called.error.consume(dump), pastDeadline(), 'run'));
    const promise = called.value;
    try {
      for (;;) {
        const jobs = runtime.executePendingJobs();
        if (jobs.error) return settle(failureOf(jobs.error.consume(dump), pastDeadline(), 'run'));
        if (pastDeadline()) break;
        if (jobs.value > 0) continue;
        if (ctx.getPromiseState(promise).type !== 'pending' || (host.inFlight.size === 0 && host.settled.length === 0)) break;
        if (host.settled.length === 0 && !(await waitForRequests())) return settle(timeUp);
        for (const { id, ok, json } of host.settled.splice(0)) {
          const args = [ctx.newNumber(id), ok ? ctx.true : ctx.false, ctx.newString(json)];
          const delivered = ctx.callFunction(host.deliver!, ctx.undefined, ...args);
          for (const handle of args) handle.dispose();
          if (delivered.error) return settle(failureOf(delivered.error.consume(dump), pastDeadline(), 'run'));
          delivered.value.dispose();
        }
      }
      const state = ctx.getPromiseState(promise);
      if (state.type === 'pending') return settle(pastDeadline() ? timeUp : { reason: 'unsettled', message: 'The promise the script returned never settled.' });
      if (state.type === 'rejected') return settle(failureOf(state.error.consume(dump), pastDeadline(), 'run'));
      const answer = JSON.parse(state.value.consume((handle) => ctx.getString(handle))) as { ok: true; json: string } | { ok: false; type: string };
      if (!answer.ok) return settle({ reason: 'invalid-result', message: `The script must return a JSON object, not ${answer.type}.` });
      if (utf8Length(answer.json) > job.limits.resultBytes) {
        return settle({ reason: 'too-large', message: `The returned claims must be at most ${job.limits.resultBytes / 1024} KiB as JSON.` });
      }
      return settle({ claims: JSON.parse(answer.json) as Record<string, unknown> });
    } finally {
      if (promise.alive) promise.dispose();
    }
  };

  let outcome: SandboxOutcome;
  try {
    outcome = await run();
  } catch (error) {
    // A failure of the engine itself (memory exhausted inside a host call, for example).
    outcome = settle(failureOf(error instanceof Error ? { name: error.name, message: error.message } : error, pastDeadline(), 'run'));
  }
  closeHost(host);
  const dispose = () => {
    try {
      ctx.dispose();
      runtime.dispose();
      return { replaceModule: !outcome.ok && (outcome.reason === 'time' || outcome.reason === 'memory') };
    } catch {
      return { replaceModule: true };
    }
  };
  return { outcome, dispose };
};
