import type { TestHook } from '#schemas/webhook.ts';
import { generateId } from '#server/ids.ts';
import { postHook, type PostOutcome } from './http-post.ts';
import { testPayload } from './payloads.ts';
import { publicOnlyFor, type HookSettings } from './settings.ts';
import { hookHeaders } from './signature.ts';
import { openSigningKey } from './signing-key.ts';
import type { HookRow } from './store.ts';

/**
 * "Send test payload" (webhooks.md §3): a fake payload of each given event to the given, unsaved URL and headers,
 * signed with the hook's saved key, one after another, synchronously and never queued. Answers the first failure (a
 * non-2xx answer, or an error), or undefined when every payload was taken.
 */
export const sendTestPayloads = async (settings: HookSettings, hook: HookRow, { events, config }: TestHook): Promise<PostOutcome | undefined> => {
  const signingKey = openSigningKey(hook.tenantId, hook.id, hook.sealedSigningKey);
  if (signingKey === undefined) return { kind: 'error', message: "The signing key cannot be opened with this server's secrets key.", retryable: false, durationMs: 0 };
  const url = new URL(config.url);
  for (const event of events) {
    const body = JSON.stringify(testPayload(hook.id, event));
    const headers = hookHeaders({ deliveryId: `test_${generateId()}`, body, signingKey, customHeaders: config.headers });
    const outcome = await postHook(url, headers, body, { timeoutMs: settings.timeoutMs, publicOnly: publicOnlyFor(settings, url) });
    if (outcome.kind === 'error' || outcome.status < 200 || outcome.status >= 300) return outcome;
  }
  return undefined;
};
