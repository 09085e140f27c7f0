import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Edition } from '#schemas/config.ts';
import { isNonPublicLiteral, publicOnlyLookup } from '#server/net/public-address.ts';

/**
 * The host side of the script's `fetch` (customize-jwt.md §6): one request, no redirect followed, a deadline, at most
 * 256 KiB of answer. Where it may go follows the webhooks' rule (hooks/settings.ts, `HOOKS_ALLOW_PRIVATE_ADDRESSES`).
 */
export type SandboxNetwork = {
  /** Refuse hosts that are, or resolve to, non-public addresses (checked when connecting). */
  publicOnly: boolean;
  /** Allow `http:` besides `https:`. */
  httpAllowed: boolean;
};

/** The cloud edition: https to public addresses only, unless private addresses are allowed; self-hosted: no check. */
export const sandboxNetworkOf = ({ edition, allowPrivateAddresses }: { edition: Edition; allowPrivateAddresses: boolean }): SandboxNetwork => ({
  publicOnly: edition === 'cloud' && !allowPrivateAddresses,
  httpAllowed: edition === 'self-hosted' || allowPrivateAddresses,
});

/** With no network named, the strictest. */
export const strictestNetwork: SandboxNetwork = { publicOnly: true, httpAllowed: false };

export const sandboxFetchLimits = { requests: 3, timeoutMs: 3000, responseBytes: 256 * 1024 } as const;

export type FetchRequest = { url: string; method: string; headers: [string, string][]; body?: string; timeoutMs: number };
export type FetchResponse = { url: string; status: number; statusText: string; headers: [string, string][]; body: string };
/** Why a request failed, as the script sees it: `TimeoutError` and `AbortError` as the platform names them. */
export type FetchFailure = { name: 'TypeError' | 'TimeoutError' | 'AbortError'; message: string };

const failure = (name: FetchFailure['name'], message: string): FetchFailure => ({ name, message });
const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const readCapped = (response: IncomingMessage, maxBytes: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(failure('TypeError', `fetch failed: the response is larger than ${maxBytes / 1024} KiB.`));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', (error) => reject(failure('TypeError', `fetch failed: ${error.message}`)));
  });

/**
 * Sends one request of the script; settles with the response or a failure (never throws). `signal` ends it early
 * (the run ended, or the script aborted it).
 */
export const sendSandboxRequest = (network: SandboxNetwork, request: FetchRequest, signal: AbortSignal) =>
  new Promise<{ ok: true; response: FetchResponse } | { ok: false; failure: FetchFailure }>((resolve) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return resolve({ ok: false, failure: failure('TypeError', `fetch failed: invalid URL "${request.url}".`) });
    }
    const method = request.method.toUpperCase();
    const refusal =
      url.protocol !== 'https:' && !(url.protocol === 'http:' && network.httpAllowed) ? 'fetch only reaches https:// URLs.'
      : network.publicOnly && isNonPublicLiteral(url) ? `${url.hostname} is not a public address.`
      : !methods.has(method) ? `the method ${request.method} is not supported.`
      : (method === 'GET' || method === 'HEAD') && request.body !== undefined ? `a ${method} request cannot have a body.`
      : undefined;
    if (refusal) return resolve({ ok: false, failure: failure('TypeError', `fetch failed: ${refusal}`) });

    let settled = false;
    const settle = (outcome: { ok: true; response: FetchResponse } | { ok: false; failure: FetchFailure }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      resolve(outcome);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = Object.fromEntries(request.headers.map(([name, value]) => [name.toLowerCase(), value]));
    const outgoing = send(url, {
      method,
      headers: request.body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(request.body)) },
      ...(network.publicOnly ? { lookup: publicOnlyLookup } : {}),
    });
    const timer = setTimeout(() => {
      outgoing.destroy();
      settle({ ok: false, failure: failure('TimeoutError', `fetch failed: no answer within ${request.timeoutMs} ms.`) });
    }, request.timeoutMs);
    const aborted = () => {
      outgoing.destroy();
      settle({ ok: false, failure: failure('AbortError', 'fetch failed: the request was aborted.') });
    };
    if (signal.aborted) return aborted();
    signal.addEventListener('abort', aborted, { once: true });
    outgoing.on('response', (response) => {
      readCapped(response, sandboxFetchLimits.responseBytes).then(
        (body) => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2) pairs.push([response.rawHeaders[i]!.toLowerCase(), response.rawHeaders[i + 1]!]);
          const status = response.statusCode ?? 0;
          settle({ ok: true, response: { url: url.href, status, statusText: response.statusMessage ?? '', headers: pairs, body: new TextDecoder().decode(body) } });
        },
        (error: FetchFailure) => settle({ ok: false, failure: error }),
      );
    });
    // A refused address (NonPublicAddressError from the lookup) says which address; other errors say what failed.
    outgoing.on('error', (error) => settle({ ok: false, failure: failure('TypeError', `fetch failed: ${error.message || 'the connection failed.'}`) }));
    outgoing.end(request.body);
  });
