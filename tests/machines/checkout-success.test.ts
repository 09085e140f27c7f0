import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CheckoutSession, SubscriptionResponse } from '#schemas/billing.ts';
import { checkoutSuccessMachine, type CheckoutSuccessInput } from '#machines/checkout-success.machine.ts';
import { sampleTenant } from '../support/samples.ts';
import { createModelWalk, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof checkoutSuccessMachine>;
type Event = ModelEvent<typeof checkoutSuccessMachine>;

const state = 'aB3xY9';
const record = (fields: object) => JSON.stringify({ state, sessionId: 'cs_1', ...fields });
const callbackPage = '/acme/tenant-settings/subscription';

const scenarios = {
  'upgrade started on the subscription page': { queryState: state, storedRecord: record({ callbackPage }), tenantIds: ['acme'] },
  downgrade: { queryState: state, storedRecord: record({ isDowngrade: true }), tenantIds: ['acme'] },
  // The tenant the checkout creates is not among the session's tenants yet.
  'new production tenant': { queryState: state, storedRecord: record({}), tenantIds: ['acme'].filter(() => false) },
  'another state': { queryState: 'zzzzzz', storedRecord: record({}), tenantIds: ['acme'] },
  'no state in the URL': { queryState: null, storedRecord: record({}), tenantIds: ['acme'] },
  'no stored record': { queryState: state, storedRecord: null, tenantIds: ['acme'] },
  'stored JSON cut off': { queryState: state, storedRecord: '{"state":"aB3', tenantIds: ['acme'] },
  'stored record without sessionId': { queryState: state, storedRecord: JSON.stringify({ state }), tenantIds: ['acme'] },
} satisfies Record<string, CheckoutSuccessInput>;

const session = (overrides: Partial<CheckoutSession>): CheckoutSession => ({ id: 'cs_1', status: 'complete', tenantId: 'acme', skuId: 'pro-2024-11', ...overrides });
const open = session({ status: 'open', tenantId: null });
const upgraded = session({});
const newTenant = session({ tenantId: 'shop1' });
const subscription = (planId: string): SubscriptionResponse => ({
  ...sampleTenant('acme').subscription,
  planId,
  upcomingInvoice: { amountDue: 2400 },
});
const tenants = [sampleTenant('acme', { planId: 'pro-2024-11' }), sampleTenant('shop1', { planId: 'pro-2024-11' })];

const events: Event[] = [
  { type: 'xstate.done.actor.getCheckoutSession', output: open },
  { type: 'xstate.done.actor.getCheckoutSession', output: upgraded },
  { type: 'xstate.done.actor.getCheckoutSession', output: newTenant },
  { type: 'xstate.error.actor.getCheckoutSession', error: new Error('Gateway timeout') },
  // Complete, but the subscription does not show the plan yet.
  { type: 'xstate.done.actor.getSubscription', output: subscription('free') },
  { type: 'xstate.done.actor.getSubscription', output: subscription('pro-2024-11') },
  { type: 'xstate.error.actor.getSubscription', error: new Error('Gateway timeout') },
  { type: 'xstate.after.pollInterval.checkoutSuccess.polling.waiting' },
  { type: 'xstate.after.checkoutTimeout.checkoutSuccess.polling' },
  { type: 'xstate.done.actor.refreshTenants', output: tenants },
  { type: 'xstate.error.actor.refreshTenants', error: new Error('Service unavailable') },
];

const drivers = {} satisfies EventDrivers<typeof checkoutSuccessMachine>;

const effects = (walk: Walk) => walk.calls.filter((call) => call.kind === 'action').map(({ name, value }) => [name, value]);
const lastSession = (walk: Walk) =>
  walk.events.findLast((event): event is Extract<Event, { output?: unknown }> => event.type === 'xstate.done.actor.getCheckoutSession')?.output as
    | CheckoutSession
    | undefined;
const purchased = (walk: Walk) => [
  ['clearCheckoutRecord', undefined],
  ['notifyPurchased', { planId: 'pro-2024-11', isDowngrade: walk.scenario === 'downgrade' }],
  ['reportPurchaseConversion', 'pro-2024-11'],
];

const walk = createModelWalk({
  machine: checkoutSuccessMachine,
  scenarios,
  events,
  drivers,
  states: {
    checkingRecord: (walk) => {
      expect(walk.events).toEqual([]);
    },
    invalidRecord: (walk) => {
      expect(['stored JSON cut off', 'stored record without sessionId']).toContain(walk.scenario);
      expect(walk.snapshot.context.record).toBeUndefined();
      expect(effects(walk)).toEqual([
        ['notifyInvalidRecord', undefined],
        ['clearCheckoutRecord', undefined],
        ['goHome', undefined],
      ]);
    },
    mismatch: (walk) => {
      expect(['another state', 'no state in the URL', 'no stored record']).toContain(walk.scenario);
      // Another tab's checkout may still need the record: it stays.
      expect(effects(walk)).toEqual([['goHome', undefined]]);
    },
    polling: (walk) => {
      expect(walk.snapshot.context.record).toMatchObject({ state, sessionId: 'cs_1' });
      if (walk.snapshot.matches('polling')) expect(effects(walk)).toEqual([]);
    },
    'polling.fetchingSession': (walk) => {
      if (!walk.snapshot.matches({ polling: 'fetchingSession' })) return;
      // One request per poll: the first at once, then one each time a second has passed.
      const polls = walk.events.filter((event) => event.type === 'xstate.after.pollInterval.checkoutSuccess.polling.waiting').length;
      expect(walk.callsOf('getCheckoutSession')).toEqual(Array.from({ length: polls + 1 }, () => ({ sessionId: 'cs_1' })));
    },
    'polling.fetchingSubscription': (walk) => {
      const last = lastSession(walk);
      expect(last?.status).toBe('complete');
      expect(walk.callsOf('getSubscription').at(-1)).toEqual({ tenantId: last?.tenantId });
    },
    'polling.waiting': (walk) => {
      expect(walk.snapshot.status).toBe('active');
      expect(effects(walk)).toEqual([]);
    },
    timedOut: (walk) => {
      expect(walk.events.at(-1)).toEqual({ type: 'xstate.after.checkoutTimeout.checkoutSuccess.polling' });
      expect(effects(walk)).toEqual([
        ['notifyTimeout', undefined],
        ['clearCheckoutRecord', undefined],
        ['goHome', undefined],
      ]);
    },
    completing: (walk) => {
      expect(walk.events.at(-1)).toEqual({ type: 'xstate.done.actor.getSubscription', output: subscription('pro-2024-11') });
      expect(effects(walk)).toEqual(purchased(walk));
      expect(walk.callsOf('refreshTenants')).toHaveLength(1);
    },
    completed: (walk) => {
      expect(walk.snapshot.status).toBe('done');
      const last = walk.events.at(-1);
      const tenantId = lastSession(walk)?.tenantId ?? '';
      const after =
        last?.type === 'xstate.error.actor.refreshTenants'
          ? [['goHome', undefined]]
          : walk.input.tenantIds.includes(tenantId)
            ? // The tenant whose page started the checkout: back to that page, or `/`.
              [['goToCallbackPage', walk.scenario === 'downgrade' ? undefined : callbackPage]]
            : [
                ['reportProductionTenantConversion', tenantId],
                ['switchTenant', tenantId],
              ];
      expect(effects(walk)).toEqual([...purchased(walk), ...after]);
    },
  },
});

describeWalk('checkout-success machine (model paths)', walk);

describe('checkout-success machine (timing)', () => {
  afterEach(() => vi.useRealTimers());

  const run = (sessions: () => CheckoutSession) => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const actor = createActor(
      checkoutSuccessMachine.provide({
        actors: {
          getCheckoutSession: fromPromise(async () => (calls.push('session'), sessions())),
          getSubscription: fromPromise(async () => (calls.push('subscription'), subscription('free'))),
          refreshTenants: fromPromise(async () => tenants),
        },
        actions: { notifyTimeout: () => void calls.push('timeout'), goHome: () => void calls.push('home') },
      }),
      { input: scenarios['upgrade started on the subscription page'] },
    ).start();
    return { actor, calls };
  };

  it('polls once a second and gives up after 10 s', async () => {
    const { actor, calls } = run(() => open);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['session']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual(['session', 'session']);
    await vi.advanceTimersByTimeAsync(8999);
    expect(calls.filter((call) => call === 'session')).toHaveLength(10);
    expect(actor.getSnapshot().matches('polling')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(calls.slice(-2)).toEqual(['timeout', 'home']);
  });

  it('a complete session is not enough: the subscription must be on the purchased plan', async () => {
    const { actor, calls } = run(() => upgraded);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toEqual(['session', 'subscription', 'session', 'subscription', 'session', 'subscription']);
    expect(actor.getSnapshot().matches('polling')).toBe(true);
  });
});
