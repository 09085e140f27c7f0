import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { codeOf, detailsOf, field, messageOf } from '#machines/errors.ts';
import { webhookTestMachine, type WebhookTestOutcome, type WebhookTestRequest } from '#machines/webhook-test.machine.ts';
import { hookTestErrorDetailsGuard, type HookEvent } from '#schemas/webhook.ts';
import { useWebhookCalls } from '#src/data/webhooks.ts';

/** The server's message of a failure, else the failure's own. */
const serverMessage = (error: unknown) => {
  const message = field(field(error, 'body'), 'message');
  return typeof message === 'string' ? message : messageOf(error);
};

/**
 * The endpoint's answer to a test, from the server's: 204 when it answered 2xx, 422 with its status and body when it
 * answered another, 422 `hook.send_test_payload_failed` when it could not be reached. Any other failure is the
 * console's request refused (the flow's failed state).
 */
export function outcomeOfTest(error: unknown, durationMs: number): WebhookTestOutcome {
  const code = codeOf(error);
  const details = hookTestErrorDetailsGuard.safeParse(detailsOf(error));
  if (code === 'hook.endpoint_responded_with_error' && details.success) {
    return { kind: 'rejected', status: details.data.responseStatus, body: details.data.responseBody, durationMs };
  }
  if (code === 'hook.send_test_payload_failed') return { kind: 'unreachable', message: serverMessage(error), durationMs };
  throw error;
}

/** The send-test flow of a webhook's settings form: a sample of each event to the unsaved URL and headers. */
export function useWebhookTest(hookId: string) {
  const calls = useWebhookCalls();
  return useMachine(
    webhookTestMachine.provide({
      actors: {
        send: fromPromise<WebhookTestOutcome, WebhookTestRequest>(async ({ input: { url, events, headers } }) => {
          const started = performance.now();
          const took = () => Math.round(performance.now() - started);
          try {
            await calls.test(hookId, { events: events as HookEvent[], config: { url, headers } });
          } catch (error) {
            return outcomeOfTest(error, took());
          }
          return { kind: 'answered', durationMs: took() };
        }),
      },
    }),
  );
}
