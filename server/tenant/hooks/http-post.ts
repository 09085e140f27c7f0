import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { hookResponseBodyMaxBytes } from '#schemas/webhook.ts';
import { isNonPublicLiteral, NonPublicAddressError, publicOnlyLookup } from '#server/net/public-address.ts';

/** One POST of a delivery (webhooks.md §6): no redirect followed, a deadline, at most 4 KB of the answer read. */

export type PostOutcome =
  | { kind: 'response'; status: number; body: string; retryAfterMs?: number; durationMs: number }
  | { kind: 'error'; message: string; /** Worth trying again (network, timeout); a refused address is not. */ retryable: boolean; durationMs: number };

export type PostOptions = {
  timeoutMs: number;
  /** Refuse hosts that are, or resolve to, non-public addresses (cloud edition). */
  publicOnly: boolean;
  signal?: AbortSignal;
};

/** The longest Retry-After honoured: an hour. */
export const maxRetryAfterMs = 60 * 60 * 1000;

/** A Retry-After header (seconds or an HTTP date) in milliseconds from now, at most an hour; undefined when absent or unreadable. */
export const retryAfterMsOf = (value: string | undefined, now = Date.now()) => {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), maxRetryAfterMs) : undefined;
};

const readCapped = (response: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(new TextDecoder().decode(Buffer.concat(chunks).subarray(0, hookResponseBodyMaxBytes)));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      // Enough is kept: the rest is not read.
      if (size >= hookResponseBodyMaxBytes) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });

/** POSTs `body` to `url` with `headers`; never throws. */
export const postHook = (url: URL, headers: Record<string, string>, body: string, { timeoutMs, publicOnly, signal }: PostOptions) =>
  new Promise<PostOutcome>((resolve) => {
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    if (publicOnly && isNonPublicLiteral(url)) {
      resolve({ kind: 'error', message: `${url.hostname} is not a public address.`, retryable: false, durationMs: 0 });
      return;
    }
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      resolve(outcome);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      ...(publicOnly ? { lookup: publicOnlyLookup } : {}),
    });
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`)), timeoutMs);
    const aborted = () => request.destroy(new Error('The server stopped.'));
    signal?.addEventListener('abort', aborted, { once: true });
    request.on('response', (response) => {
      void readCapped(response).then((text) =>
        settle({
          kind: 'response',
          status: response.statusCode ?? 0,
          body: text,
          retryAfterMs: retryAfterMsOf(response.headers['retry-after']),
          durationMs: durationMs(),
        }),
      );
    });
    request.on('error', (error) => {
      const refused = error instanceof NonPublicAddressError || (error as { cause?: unknown }).cause instanceof NonPublicAddressError;
      settle({ kind: 'error', message: error.message || String(error), retryable: !refused, durationMs: durationMs() });
    });
    request.end(body);
  });
