import type { HookLogPayload } from '#schemas/webhook.ts';
import { hookLogKey } from '#schemas/webhook.ts';
import type { Db } from '#server/db/client.ts';
import { insertLog } from '#server/tenant/logs/record.ts';
import { endAttempt, type AttemptEnd, type ClaimedDelivery } from './delivery-store.ts';
import { postHook, type PostOutcome } from './http-post.ts';
import { publicOnlyFor, retryDelayMs, type HookSettings } from './settings.ts';
import { hookHeaders } from './signature.ts';
import { openSigningKey } from './signing-key.ts';

/** One attempt of a claimed delivery (webhooks.md §6): the POST, then its log and the row's next state in one transaction. */

const isSuccess = (status: number) => status >= 200 && status < 300;
/** Worth another attempt: 408, 429 and 5xx; any other 4xx (or 3xx: redirects are not followed) fails at once. */
const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** What an outcome means for the delivery: its end state, and the log's result. */
export const attemptEndOf = (settings: Pick<HookSettings, 'retryDelaysMs'>, delivery: Pick<ClaimedDelivery, 'attempt' | 'maxAttempts'>, outcome: PostOutcome): AttemptEnd => {
  const lastStatus = outcome.kind === 'response' ? outcome.status : null;
  const lastError = outcome.kind === 'error' ? outcome.message : null;
  if (outcome.kind === 'response' && isSuccess(outcome.status)) return { status: 'succeeded', lastStatus, lastError };
  const retryable = outcome.kind === 'error' ? outcome.retryable : isRetryableStatus(outcome.status);
  if (!retryable || delivery.attempt >= delivery.maxAttempts) return { status: 'failed', lastStatus, lastError };
  const wait = retryDelayMs(settings, delivery.attempt, outcome.kind === 'response' ? outcome.retryAfterMs : undefined);
  return { status: 'pending', nextAttemptAt: new Date(Date.now() + wait), lastStatus, lastError };
};

/** The request a delivery sends now: its URL and headers, signed with the hook's key at this moment. */
export const deliveryRequest = (delivery: Pick<ClaimedDelivery, 'tenantId' | 'hookId' | 'id' | 'body' | 'config' | 'sealedSigningKey'>) => {
  const signingKey = openSigningKey(delivery.tenantId, delivery.hookId, delivery.sealedSigningKey);
  if (signingKey === undefined) return undefined;
  return { url: new URL(delivery.config.url), headers: hookHeaders({ deliveryId: delivery.id, body: delivery.body, signingKey, customHeaders: delivery.config.headers }) };
};

/** The log of one attempt (schemas/webhook.ts, HookLogPayload without key and result). */
const attemptLog = (delivery: ClaimedDelivery, request: { url: string; headers: Record<string, string> }, outcome: PostOutcome, end: AttemptEnd) => {
  const payload: Omit<HookLogPayload, 'key' | 'result'> = {
    hookId: delivery.hookId,
    event: delivery.event,
    deliveryId: delivery.id,
    attempt: delivery.attempt,
    maxAttempts: delivery.maxAttempts,
    nextAttemptAt: end.status === 'pending' ? end.nextAttemptAt.toISOString() : null,
    hookRequest: { ...request, body: JSON.parse(delivery.body) as unknown },
    ...(outcome.kind === 'response' ? { response: { statusCode: outcome.status, body: outcome.body } } : { error: outcome.message }),
    durationMs: outcome.durationMs,
    ...(delivery.resend ? { resend: true } : {}),
  };
  return { key: hookLogKey(delivery.event), result: end.status === 'succeeded' ? ('Success' as const) : ('Error' as const), ...payload };
};

/**
 * Sends one claimed attempt and records it. `signal` aborts the send when the process stops: nothing is recorded then,
 * and the claim is given back by the caller. Answers whether the attempt was recorded.
 */
export const runAttempt = async (db: Db, settings: HookSettings, delivery: ClaimedDelivery, signal?: AbortSignal) => {
  const request = deliveryRequest(delivery);
  const outcome: PostOutcome = request
    ? await postHook(request.url, request.headers, delivery.body, { timeoutMs: settings.timeoutMs, publicOnly: publicOnlyFor(settings, request.url), signal })
    : { kind: 'error', message: 'The signing key cannot be opened with this server\'s secrets key.', retryable: false, durationMs: 0 };
  if (signal?.aborted) return false;
  const end = attemptEndOf(settings, delivery, outcome);
  const logged = { url: delivery.config.url, headers: request?.headers ?? {} };
  return db.transaction(async (tx) => {
    const mine = await endAttempt(tx, delivery, end);
    // Another process took the row over (this attempt outlived its lease): it records its own attempt.
    if (mine) await insertLog(tx, delivery.tenantId, attemptLog(delivery, logged, outcome, end));
    return mine;
  });
};
