import { useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useQueryClient } from '@tanstack/react-query';
import { deliveryResendMachine, type ResentAttempt } from '#machines/delivery-resend.machine.ts';
import type { HookLog } from '#schemas/webhook.ts';
import { tenantKeys } from '#src/data/keys.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { useWebhookCalls } from '#src/data/webhooks.ts';

/** How often the page looks for the resent attempt's log. */
const attemptPollMs = 1000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** The resend flow of one delivery: queue it again, then wait for the attempt the dispatcher logs for it. */
export function useDeliveryResend(log: HookLog) {
  const calls = useWebhookCalls();
  const queryClient = useQueryClient();
  const { tenantId } = useTenantScope();
  const { hookId } = log.payload;
  // The attempts logged before the resend: the first one not among them is the resend's.
  const before = useRef(new Set<string>());
  return useMachine(
    deliveryResendMachine.provide({
      actors: {
        resend: fromPromise<void>(async () => {
          before.current = new Set((await calls.attempts(log)).map((attempt) => attempt.id));
          await calls.resend(hookId, log.id);
        }),
        awaitAttempt: fromPromise<ResentAttempt>(async ({ signal }) => {
          for (;;) {
            await pause(attemptPollMs, signal);
            const fresh = (await calls.attempts(log)).filter((attempt) => !before.current.has(attempt.id));
            // A retry of the dispatcher's own may land meanwhile: the resend's attempt is marked as one.
            const next = fresh.find((attempt) => attempt.payload.resend) ?? fresh[0];
            if (next) {
              // The timeline and the recent requests show the new attempt too.
              await queryClient.invalidateQueries({ queryKey: tenantKeys.entity(tenantId, 'webhooks') });
              return { logId: next.id, result: next.payload.result, ...(next.payload.response ? { status: next.payload.response.statusCode } : {}) };
            }
          }
        }),
      },
    }),
  );
}
