import type { Meta } from '@storybook/react-vite';
import type { SubscriptionUsage } from '#schemas/billing.ts';
import type { Hook, HookLog } from '#schemas/webhook.ts';
import type { ApiClient } from '#src/api/client.ts';
import { ApiError } from '#src/api/errors.ts';
import { createWebhooksApi } from '#src/api/management/webhooks.ts';
import { sampleUsage } from '#tests/support/billing-samples.ts';
import { sampleHook, sampleHookLog } from '#tests/support/webhook-samples.ts';
import { byId, pageOf, quotaExceeded, renderConsole, type Answer } from '../support/fake-api.ts';
import { billingApi } from '#src/api/billing.ts';

export const crmSync = sampleHook('crm', {
  name: 'CRM sync',
  events: ['User.Created', 'User.Deleted'],
  config: { url: 'https://crm.example.test/hooks', headers: { 'x-tenant': 'acme' }, retries: 2 },
  executionStats: { successCount: 19, requestCount: 20 },
});
const audit = sampleHook('audit', { name: 'Audit trail', events: ['PostSignIn'], executionStats: { successCount: 3, requestCount: 5 } });
const legacy = sampleHook('legacy', { name: '', event: 'PostRegister', events: [], executionStats: { successCount: 0, requestCount: 4 } });
export const paused = sampleHook('paused', { name: 'Paused export', enabled: false, executionStats: { successCount: 0, requestCount: 0 } });

/** A delivery that failed twice with 500, then got 200: its three attempts, newest first as the API lists them. */
export const attempts: HookLog[] = [
  sampleHookLog('log-3', crmSync, { status: 200, attempt: 3, maxAttempts: 3, deliveryId: 'd1', createdAt: '2026-11-29T10:01:12.000Z' }),
  sampleHookLog('log-2', crmSync, { status: 500, attempt: 2, maxAttempts: 3, deliveryId: 'd1', createdAt: '2026-11-29T10:00:11.000Z', nextAttemptAt: '2026-11-29T10:01:11.000Z' }),
  sampleHookLog('log-1', crmSync, { status: 500, attempt: 1, maxAttempts: 3, deliveryId: 'd1', createdAt: '2026-11-29T10:00:00.000Z', nextAttemptAt: '2026-11-29T10:00:10.000Z' }),
];
export const unanswered = sampleHookLog('log-0', crmSync, { event: 'User.Deleted', error: 'connect ECONNREFUSED 203.0.113.7:443', deliveryId: 'd0', createdAt: '2026-11-29T09:00:00.000Z' });

/** How POST /hooks/{id}/test answers in a story. */
export type TestAnswer = 'ok' | 'rejected' | 'unreachable' | 'invalid';

export type Args = {
  path: string;
  hooks: Answer<Hook[]>;
  logs: Answer<HookLog[]>;
  /** Total-Number of the webhook list, when it has more pages than shown. */
  total?: number;
  usage: SubscriptionUsage;
  /** POST /hooks answers the free plan's quota error. */
  quotaExceeded?: boolean;
  test: TestAnswer;
  /** The resend is taken, and its attempt shows (or never does). */
  resentAttempt?: HookLog | 'never';
  /** The server serves the dev webhook inbox (runtime config `devWebhookInbox`). */
  devInbox?: boolean;
};

/** The URL GET /hooks/dev-inbox answers for the inbox `name` of the tenant acme. */
export const devInboxUrlOf = (name: string) => `http://localhost:3001/dev/webhooks/${name}-acme?token=inbox-token`;

const testFailure = (answer: TestAnswer) => {
  if (answer === 'rejected') {
    return new ApiError('The endpoint responded with an error.', 422, {
      code: 'hook.endpoint_responded_with_error',
      message: 'The endpoint responded with an error.',
      details: { responseStatus: 500, responseBody: '{"error":"database unavailable"}' },
    });
  }
  if (answer === 'unreachable') {
    return new ApiError('connect ECONNREFUSED 203.0.113.7:443', 422, { code: 'hook.send_test_payload_failed', message: 'connect ECONNREFUSED 203.0.113.7:443' });
  }
  return new ApiError('Invalid input', 400, { code: 'guard.invalid_input', message: 'Invalid input', details: [{ path: 'config.url', message: 'Invalid URL' }] });
};

const fakeWebhooks = (args: Args) => (client: ApiClient): Partial<ApiClient> => {
  let resent = false;
  return {
    webhooks: {
      ...createWebhooksApi(client.tenant),
      listHooks: async (_tenantId, { enabled }) => {
        const page = await pageOf(args.hooks, args.total);
        return enabled ? { items: page.items.filter((hook) => String(hook.enabled) === enabled), total: page.total } : page;
      },
      getHook: async (_tenantId, id) => byId(args.hooks, id),
      createHook: async (_tenantId, body) => {
        if (args.quotaExceeded) throw quotaExceeded({ hooksLimit: 1 });
        return sampleHook('new', { name: body.name, events: body.events ?? [], config: { ...body.config, retries: 3 } });
      },
      updateHook: async (_tenantId, id, body) => ({ ...(await byId(args.hooks, id)), ...(body.enabled === undefined ? {} : { enabled: body.enabled }) }),
      testHook: async () => {
        if (args.test !== 'ok') throw testFailure(args.test);
      },
      listRecentLogs: async (_tenantId, _id, { event, deliveryId }) => {
        const logs = [...(resent && args.resentAttempt && args.resentAttempt !== 'never' ? [args.resentAttempt] : []), ...(await pageOf(args.logs)).items];
        const items = logs.filter((log) => (!event || log.payload.event === event) && (!deliveryId || log.payload.deliveryId === deliveryId));
        return { items, total: items.length };
      },
      getDeliveryLog: async (_tenantId, logId) => byId(args.logs, logId),
      getDevInbox: async (_tenantId, name) => ({ url: devInboxUrlOf(name) }),
      resendDelivery: async () => {
        if (!args.resentAttempt) throw new ApiError('not found', 404, { code: 'entity.not_exists_with_id', message: 'The delivery does not exist.' });
        resent = true;
      },
    },
    billing: { ...billingApi(client), getSubscriptionUsage: async () => args.usage },
  };
};

/** Webhooks inside the real console routes, with the management API faked per story; the toolbar picks the edition. */
export const webhooksMeta: Meta<Args> = {
  render: (args, { globals }) => renderConsole(args.path, globals, fakeWebhooks(args), { config: { devWebhookInbox: args.devInbox ?? false } }),
  args: { path: '/acme/webhooks', hooks: [crmSync, audit, legacy, paused], logs: [...attempts, unanswered], usage: sampleUsage('free'), test: 'ok' },
};
