import type { Hook, HookEvent, HookLog } from '#schemas/webhook.ts';

/** A webhook as GET /hooks answers it with `includeExecutionStats=true`, for stories and UI tests. */
export const sampleHook = (id: string, overrides: Partial<Hook> = {}): Hook => ({
  id,
  name: `Hook ${id}`,
  event: null,
  events: ['User.Created'],
  config: { url: `https://${id}.example.test/webhooks`, headers: {}, retries: 3 },
  signingKey: 'k3Yx9QpR2vT7wZ4mN8bC1dF6gH0jL5sA',
  enabled: true,
  createdAt: '2026-11-20T00:00:00.000Z',
  executionStats: { successCount: 0, requestCount: 0 },
  ...overrides,
});

export type SampleLogOptions = {
  event?: HookEvent;
  status?: number;
  attempt?: number;
  maxAttempts?: number;
  deliveryId?: string;
  createdAt?: string;
  nextAttemptAt?: string | null;
  error?: string;
  resend?: boolean;
};

/** One delivery attempt of `hook` (a `TriggerHook.{event}` log): answered `status`, or no answer when it is undefined. */
export function sampleHookLog(id: string, hook: Pick<Hook, 'id' | 'config'>, options: SampleLogOptions = {}): HookLog {
  const { event = 'User.Created', status, attempt = 1, maxAttempts = 4, deliveryId = `delivery-${id}`, createdAt = '2026-11-29T10:00:00.000Z' } = options;
  const ok = status !== undefined && status >= 200 && status < 300;
  return {
    id,
    key: `TriggerHook.${event}`,
    createdAt,
    payload: {
      key: `TriggerHook.${event}`,
      result: ok ? 'Success' : 'Error',
      hookId: hook.id,
      event,
      deliveryId,
      attempt,
      maxAttempts,
      nextAttemptAt: options.nextAttemptAt ?? null,
      hookRequest: {
        url: hook.config.url,
        headers: { 'content-type': 'application/json', 'user-agent': 'Gatehouse', 'webhook-id': deliveryId, 'webhook-timestamp': '1796032800' },
        body: { hookId: hook.id, event, createdAt, data: { id: 'u1ann', username: 'ann' } },
      },
      ...(status === undefined ? {} : { response: { statusCode: status, body: ok ? '{"ok":true}' : 'Internal error' } }),
      ...(options.error ? { error: options.error } : status !== undefined && !ok ? { error: `The endpoint answered ${status}.` } : {}),
      durationMs: 38,
      ...(options.resend ? { resend: true } : {}),
    },
  };
}
