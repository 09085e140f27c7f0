import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten';
import { runInSandbox, type SandboxJob } from './sandbox-run.ts';

/**
 * One custom JWT script at a time, off the server's thread (sandbox-pool.ts). The WebAssembly is compiled once per
 * worker; each run gets a fresh QuickJS runtime and context, and a run stopped by a limit gets a fresh instance after it.
 */
const wasmFile = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
const wasmModule = await WebAssembly.compile(await readFile(wasmFile));
const compiledVariant = newVariant(variant, { wasmModule });
const instantiate = () => newQuickJSWASMModuleFromVariant(compiledVariant);
let quickjs: Promise<QuickJSWASMModule> = instantiate();
await quickjs;

parentPort!.on('message', async ({ id, job }: { id: number; job: SandboxJob }) => {
  const { outcome, replaceModule } = runInSandbox(await quickjs, job);
  if (replaceModule) quickjs = instantiate();
  parentPort!.postMessage({ id, outcome });
});
parentPort!.postMessage({ ready: true });
