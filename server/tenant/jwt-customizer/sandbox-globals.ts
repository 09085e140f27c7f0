import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';
import { sandboxFetchLimits, sendSandboxRequest, strictestNetwork, type FetchRequest, type SandboxNetwork } from './sandbox-fetch.ts';
import { sandboxBootstrap, sandboxPrelude } from './sandbox-prelude.ts';

/** A request of the script that has settled, waiting to be handed to the sandbox by the run loop (sandbox-run.ts). */
export type SettledRequest = { id: number; ok: boolean; json: string };

/** The host's side of one run's `fetch`: set by the run before the script starts, read by the run loop. */
export type SandboxHost = {
  network: SandboxNetwork;
  /** When the run's wall clock ends (Date.now()): no request outlives it. */
  wallDeadline: number;
  sent: number;
  inFlight: Map<number, AbortController>;
  settled: SettledRequest[];
  /** Called when a request settles (the run loop waits for it). */
  wake?: () => void;
  /** The sandbox's function that settles a request's promise, once the globals are loaded (`host('ready')`). */
  deliver?: QuickJSHandle;
};

type HostFunction = (...args: QuickJSHandle[]) => QuickJSHandle | { error: QuickJSHandle } | undefined;

/**
 * Installs the script's globals (sandbox-prelude.ts) in a fresh context, ahead of its run; they load on first use, so
 * that a run that does not use them pays next to nothing for them. Only strings cross: nothing of Node's reaches the
 * sandbox.
 */
export const installGlobals = (ctx: QuickJSContext): SandboxHost => {
  const str = (handle: QuickJSHandle | undefined) => (handle === undefined ? undefined : ctx.getString(handle));
  const thrown = (error: unknown, name?: string) => {
    const { message } = error instanceof Error ? error : { message: String(error) };
    return { error: ctx.newError({ name: name ?? (error instanceof Error && error.name !== 'Error' ? error.name : 'TypeError'), message }) };
  };
  const urlParts = (url: URL) =>
    ctx.newString(JSON.stringify({
      href: url.href, origin: url.origin, protocol: url.protocol, username: url.username, password: url.password,
      host: url.host, hostname: url.hostname, port: url.port, pathname: url.pathname, search: url.search, hash: url.hash,
    }));
  const settle = (id: number, ok: boolean, value: unknown) => {
    host.settled.push({ id, ok, json: JSON.stringify(value) });
    host.wake?.();
  };

  const functions: Record<string, HostFunction> = {
    load: () => ctx.unwrapResult(ctx.evalCode(sandboxPrelude, 'prelude.js')),
    ready: (deliver) => {
      host.deliver ??= deliver!.dup();
      return undefined;
    },
    url: (input, base) => {
      try {
        const text = str(input)!;
        return urlParts(new URL(text, ctx.typeof(base!) === 'undefined' ? undefined : str(base)));
      } catch {
        return thrown(new TypeError('Invalid URL'));
      }
    },
    urlSet: (href, part, value) => {
      const url = new URL(str(href)!);
      (url as unknown as Record<string, string>)[str(part)!] = str(value)!;
      return urlParts(url);
    },
    formEncode: (list) => ctx.newString(new URLSearchParams(JSON.parse(str(list)!) as [string, string][]).toString()),
    encode: (text) => ctx.newString(JSON.stringify([...Buffer.from(str(text)!, 'utf8')])),
    decode: (bytes, fatal) => {
      try {
        return ctx.newString(new TextDecoder('utf-8', { fatal: ctx.dump(fatal!) === true }).decode(Uint8Array.from(JSON.parse(str(bytes)!) as number[])));
      } catch (error) {
        return thrown(error, 'TypeError');
      }
    },
    atob: (data) => {
      try {
        return ctx.newString(atob(str(data)!));
      } catch (error) {
        return thrown(error, 'InvalidCharacterError');
      }
    },
    btoa: (data) => {
      try {
        return ctx.newString(btoa(str(data)!));
      } catch (error) {
        return thrown(error, 'InvalidCharacterError');
      }
    },
    fetch: (idHandle, requestHandle) => {
      const id = ctx.getNumber(idHandle!);
      if (host.sent >= sandboxFetchLimits.requests) {
        settle(id, false, { name: 'TypeError', message: `fetch failed: at most ${sandboxFetchLimits.requests} requests per run.` });
        return undefined;
      }
      host.sent += 1;
      const asked = JSON.parse(str(requestHandle)!) as FetchRequest & { timeoutMs?: number };
      const timeoutMs = Math.max(0, Math.min(sandboxFetchLimits.timeoutMs, asked.timeoutMs ?? Infinity, host.wallDeadline - Date.now()));
      const controller = new AbortController();
      host.inFlight.set(id, controller);
      void sendSandboxRequest(host.network, { ...asked, timeoutMs }, controller.signal).then((outcome) => {
        if (!host.inFlight.delete(id)) return;
        settle(id, outcome.ok, outcome.ok ? outcome.response : outcome.failure);
      });
      return undefined;
    },
    abort: (idHandle) => {
      const id = ctx.getNumber(idHandle!);
      host.inFlight.get(id)?.abort();
      host.inFlight.delete(id);
      return undefined;
    },
  };

  // One function, the operation named first: each function made costs the fresh context some time.
  ctx.newFunction('host', (operation, ...args) => functions[ctx.getString(operation)]!(...args)).consume((handle) => ctx.setProp(ctx.global, '__gatehouseHost', handle));
  const host: SandboxHost = { network: strictestNetwork, wallDeadline: 0, sent: 0, inFlight: new Map(), settled: [] };
  ctx.unwrapResult(ctx.evalCode(sandboxBootstrap, 'bootstrap.js')).dispose();
  return host;
};

/** Ends what is still in flight when a run ends, and frees the sandbox's handle. */
export const closeHost = (host: SandboxHost) => {
  for (const controller of host.inFlight.values()) controller.abort();
  host.inFlight.clear();
  host.wake = undefined;
  if (host.deliver?.alive) host.deliver.dispose();
};
