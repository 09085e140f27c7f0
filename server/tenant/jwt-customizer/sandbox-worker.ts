import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten';
import { freshContext, runInSandbox, type FreshContext, type SandboxJob } from './sandbox-run.ts';

/**
 * One custom JWT script at a time, off the server's thread (sandbox-pool.ts). The WebAssembly is compiled once per
 * worker; each run gets a fresh QuickJS runtime and context, made while the worker waits for it, and a run stopped by a
 * limit gets a fresh instance after it.
 */
const wasmFile = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
const wasmModule = await WebAssembly.compile(await readFile(wasmFile));
const compiledVariant = newVariant(variant, { wasmModule });
const instantiate = () => newQuickJSWASMModuleFromVariant(compiledVariant);
let quickjs: Promise<QuickJSWASMModule> = instantiate();
let next: FreshContext | undefined = freshContext(await quickjs);

parentPort!.on('message', async ({ id, job }: { id: number; job: SandboxJob }) => {
  const module = await quickjs;
  const fresh = next?.module === module ? next : freshContext(module);
  next = undefined;
  const { outcome, dispose } = await runInSandbox(fresh, job, (waiting, ranMs) => parentPort!.postMessage({ id, waiting, ranMs }));
  // The token request waits for the outcome, not for the runtime to be freed or the next one made.
  parentPort!.postMessage({ id, outcome });
  if (dispose().replaceModule) quickjs = instantiate();
  const ready = await quickjs;
  next ??= freshContext(ready);
});
parentPort!.postMessage({ ready: true });
