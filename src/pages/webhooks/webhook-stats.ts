import type { Hook } from '#schemas/webhook.ts';

/** How a hook fared over the last 24 hours (webhooks.md §1): not in use when disabled; its success rate once it sent. */
export type HookHealth = { kind: 'disabled' } | { kind: 'idle' } | { kind: 'rate'; rate: number; color: 'green' | 'yellow' | 'red' };

export function healthOf({ enabled, executionStats }: Pick<Hook, 'enabled' | 'executionStats'>): HookHealth {
  if (!enabled) return { kind: 'disabled' };
  const { successCount = 0, requestCount = 0 } = executionStats ?? {};
  if (requestCount === 0) return { kind: 'idle' };
  const rate = successCount / requestCount;
  return { kind: 'rate', rate, color: rate >= 0.9 ? 'green' : rate >= 0.5 ? 'yellow' : 'red' };
}

/** The hook's events, or Logto's legacy single event. */
export const eventsOf = ({ events, event }: Pick<Hook, 'events' | 'event'>): string[] => (events.length ? events : event ? [event] : []);
