import { expect } from 'vitest';
import { downgradeMachine } from '#machines/downgrade.machine.ts';
import type { SubscriptionResponse } from '#schemas/billing.ts';
import { quotaExceededMessage } from '#schemas/quota.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof downgradeMachine>;
type Event = ModelEvent<typeof downgradeMachine>;

const httpError = (status: number, code: string, message: string) => Object.assign(new Error(message), { status, body: { code, message }, code });

const free: SubscriptionResponse = {
  status: 'active',
  planId: 'free',
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  isEnterprisePlan: false,
  upcomingInvoice: { amountDue: 0 },
};
const overQuota = httpError(403, 'subscription.quota_exceeded', quotaExceededMessage({ tenantMembersLimit: 1, hooksLimit: 1 }));
const freeCap = httpError(422, 'subscription.free_tenant_limit', 'You already have 3 free tenants.');
const networkDown = new TypeError('Failed to fetch');

const events: Event[] = [
  { type: 'DOWNGRADE' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.deleteSubscription', output: free },
  { type: 'xstate.error.actor.deleteSubscription', error: overQuota },
  { type: 'xstate.error.actor.deleteSubscription', error: freeCap },
  { type: 'xstate.done.actor.refetchSubscription' },
  { type: 'xstate.error.actor.refetchSubscription', error: networkDown },
];

const drivers = { DOWNGRADE: sendEvent, CONFIRM: sendEvent, CANCEL: sendEvent, DISMISS: sendEvent } satisfies EventDrivers<typeof downgradeMachine>;

const lastEvent = (walk: Walk) => walk.events.at(-1);
const actorCalls = (walk: Walk) => walk.calls.filter((call) => call.kind === 'actor');

const walk = createModelWalk({
  machine: downgradeMachine,
  scenarios: { 'paid tenant acme': { tenantId: 'acme' } },
  events,
  drivers,
  states: {
    idle: (walk) => {
      expect(walk.snapshot.context.exceededKeys).toEqual([]);
      const last = lastEvent(walk)?.type;
      const downgraded = walk.callsOf('notifyDowngraded');
      if (last === 'xstate.error.actor.deleteSubscription') expect(downgraded).toEqual([]);
      // Done even when the refetch failed: the figures stay until the next refetch.
      if (last?.endsWith('.actor.refetchSubscription')) expect(downgraded).toEqual(['free']);
      if (last === 'CANCEL' || last === 'DISMISS') expect(walk.callsOf('deleteSubscription')).toHaveLength(last === 'DISMISS' ? 1 : 0);
    },
    confirming: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'DOWNGRADE' });
      // Nothing is sent before the user confirms.
      expect(walk.callsOf('deleteSubscription')).toHaveLength(walk.events.filter((event) => event.type === 'CONFIRM').length);
    },
    downgrading: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'CONFIRM' });
      expect(actorCalls(walk).at(-1)).toEqual({ kind: 'actor', name: 'deleteSubscription', value: { tenantId: 'acme' } });
    },
    refetching: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'xstate.done.actor.deleteSubscription', output: free });
      // The toast names the plan the server put the tenant on, then the figures are fetched again.
      expect(walk.calls.slice(-2)).toEqual([
        { kind: 'action', name: 'notifyDowngraded', value: 'free' },
        { kind: 'actor', name: 'refetchSubscription', value: { tenantId: 'acme' } },
      ]);
    },
    quotaExceeded: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'xstate.error.actor.deleteSubscription', error: overQuota });
      expect(walk.snapshot.context.exceededKeys).toEqual(['tenantMembersLimit', 'hooksLimit']);
      expect(walk.callsOf('notifyDowngraded')).toEqual([]);
    },
  },
});

describeWalk('downgrade machine (model paths)', walk);
