import { expect } from 'vitest';
import type { Sku } from '#schemas/billing.ts';
import { planSelectionMachine, type PlanSelectionInput } from '#machines/plan-selection.machine.ts';
import { sampleSku, sampleTenant } from '../support/samples.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof planSelectionMachine>;
type Event = ModelEvent<typeof planSelectionMachine>;

const plans: Sku[] = [sampleSku('free', 'Free', 0), sampleSku('pro-2024-11', 'Pro', 2400)];
const created = sampleTenant('shop1', { name: 'Shop', tag: 'production', planId: 'free' });

const scenarios = {
  'new production tenant': { target: { kind: 'newTenant', name: 'Shop', regionName: 'US' }, freePlanAvailable: true },
  'new production tenant, 3 free tenants already': { target: { kind: 'newTenant', name: 'Shop', regionName: 'US' }, freePlanAvailable: false },
  'upgrade of a free tenant': {
    target: { kind: 'tenant', tenantId: 'acme', planId: 'free', callbackPage: '/acme/tenant-settings/subscription' },
    freePlanAvailable: true,
  },
  'plan change of a pro tenant': { target: { kind: 'tenant', tenantId: 'acme', planId: 'pro-2024-11' }, freePlanAvailable: true },
} satisfies Record<string, PlanSelectionInput>;

const events: Event[] = [
  { type: 'xstate.done.actor.listPlans', output: plans },
  { type: 'xstate.error.actor.listPlans', error: new Error('Service unavailable') },
  { type: 'RETRY' },
  { type: 'SELECT_PLAN', skuId: 'free' },
  { type: 'SELECT_PLAN', skuId: 'pro-2024-11' },
  { type: 'xstate.done.actor.createTenant', output: created },
  { type: 'xstate.error.actor.createTenant', error: new Error('Free tenant limit reached') },
  { type: 'xstate.done.actor.checkout', output: { redirected: true } },
  { type: 'xstate.done.actor.checkout', output: { redirected: false } },
];

const drivers = { SELECT_PLAN: sendEvent, RETRY: sendEvent } satisfies EventDrivers<typeof planSelectionMachine>;

const effects = (walk: Walk) => walk.calls.filter((call) => call.kind === 'action').map(({ name, value }) => [name, value]);
const lastSelection = (walk: Walk) => walk.events.findLast((event) => event.type === 'SELECT_PLAN');
const selected = (walk: Walk) => {
  const event = lastSelection(walk);
  return event?.type === 'SELECT_PLAN' ? event.skuId : undefined;
};

const walk = createModelWalk({
  machine: planSelectionMachine,
  scenarios,
  events,
  drivers,
  states: {
    loadingPlans: (walk) => {
      const { target } = walk.input;
      expect(walk.callsOf('listPlans').at(-1)).toEqual(target.kind === 'tenant' ? { tenantId: target.tenantId } : {});
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    loadError: (walk) => {
      expect(walk.snapshot.context.error).toBe('Service unavailable');
      expect(walk.snapshot.context.plans).toEqual([]);
    },
    choosing: (walk) => {
      expect(walk.snapshot.context.plans).toEqual(plans);
      // No plan action runs, and nothing has left the modal.
      expect(walk.snapshot.context.selectedSkuId).toBeUndefined();
      expect(effects(walk)).toEqual([]);
      // A plan that is not one of the cards runs nothing; free for the 4th free tenant neither.
      expect(walk.snapshot.can({ type: 'SELECT_PLAN', skuId: 'admin' })).toBe(false);
      expect(walk.snapshot.can({ type: 'SELECT_PLAN', skuId: 'free' })).toBe(
        walk.input.freePlanAvailable && !(walk.input.target.kind === 'tenant' && walk.input.target.planId === 'free'),
      );
      // Only one plan action at a time: once one ran, it is over before the next may start.
      expect(walk.snapshot.can({ type: 'SELECT_PLAN', skuId: 'pro-2024-11' })).toBe(
        !(walk.input.target.kind === 'tenant' && walk.input.target.planId === 'pro-2024-11'),
      );
    },
    creatingTenant: (walk) => {
      expect(walk.input).toMatchObject({ target: { kind: 'newTenant' }, freePlanAvailable: true });
      expect(walk.snapshot.context.selectedSkuId).toBe('free');
      expect(walk.callsOf('createTenant').at(-1)).toEqual({ name: 'Shop', tag: 'production', regionName: 'US' });
      expect(walk.snapshot.can({ type: 'SELECT_PLAN', skuId: 'pro-2024-11' })).toBe(false);
    },
    checkingOut: (walk) => {
      const skuId = selected(walk);
      expect(walk.snapshot.context.selectedSkuId).toBe(skuId);
      const { target } = walk.input;
      const expected =
        target.kind === 'newTenant'
          ? { skuId, target: { tenantName: 'Shop', tenantTag: 'production', tenantRegionName: 'US' } }
          : {
              skuId,
              target: { tenantId: 'acme' },
              ...(target.callbackPage ? { callbackPage: target.callbackPage } : {}),
              isDowngrade: target.planId === 'pro-2024-11' && skuId === 'free',
            };
      expect(walk.callsOf('checkout').at(-1)).toEqual(expected);
      // Free for a new tenant is created directly, never bought; the current plan is never bought again.
      expect(target.kind === 'newTenant' && skuId === 'free').toBe(false);
      expect(target.kind === 'tenant' && target.planId === skuId).toBe(false);
      expect(walk.snapshot.can({ type: 'SELECT_PLAN', skuId: 'free' })).toBe(false);
    },
    created: (walk) => {
      expect(walk.snapshot.status).toBe('done');
      expect(effects(walk)).toEqual([
        ['addTenant', created],
        ['notifyTenantCreated', created],
        ['openTenant', created],
      ]);
    },
    redirecting: (walk) => {
      expect(walk.snapshot.status).toBe('done');
      expect(walk.events.at(-1)).toEqual({ type: 'xstate.done.actor.checkout', output: { redirected: true } });
    },
  },
});

describeWalk('plan-selection machine (model paths)', walk);
