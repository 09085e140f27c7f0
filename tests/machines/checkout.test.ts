import { expect } from 'vitest';
import { checkoutMachine, type CheckoutInput, type StartedCheckoutSession } from '#machines/checkout.machine.ts';
import { createModelWalk, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof checkoutMachine>;
type Event = ModelEvent<typeof checkoutMachine>;

const upgrade: CheckoutInput = { skuId: 'pro-2024-11', target: { tenantId: 'acme' }, callbackPage: '/acme/tenant-settings/subscription' };
const newTenant: CheckoutInput = { skuId: 'pro-2024-11', target: { tenantName: 'Shop', tenantTag: 'production', tenantRegionName: 'US' } };
const downgrade: CheckoutInput = { skuId: 'free', target: { tenantId: 'acme' }, isDowngrade: true };

const opened: StartedCheckoutSession = { state: 'aB3xY9', sessionId: 'cs_1', redirectUri: 'http://localhost/payments/checkout/cs_1' };
const noRedirect: StartedCheckoutSession = { state: 'aB3xY9', sessionId: 'cs_1' };

const events: Event[] = [
  { type: 'xstate.done.actor.createCheckoutSession', output: opened },
  { type: 'xstate.done.actor.createCheckoutSession', output: noRedirect },
  { type: 'xstate.error.actor.createCheckoutSession', error: new Error('The plan cannot be bought.') },
];

const drivers = {} satisfies EventDrivers<typeof checkoutMachine>;
const effects = (walk: Walk) => walk.calls.filter((call) => call.kind === 'action').map(({ name, value }) => [name, value]);

const walk = createModelWalk({
  machine: checkoutMachine,
  scenarios: { 'upgrade of a tenant': upgrade, 'new production tenant': newTenant, 'downgrade to free': downgrade },
  events,
  drivers,
  states: {
    creatingSession: (walk) => {
      expect(walk.callsOf('createCheckoutSession')).toEqual([{ skuId: walk.input.skuId, target: walk.input.target }]);
      expect(effects(walk)).toEqual([]);
    },
    redirecting: (walk) => {
      // The record is kept before the browser leaves, with only the fields the start was given.
      const record = {
        state: 'aB3xY9',
        sessionId: 'cs_1',
        ...(walk.input.callbackPage ? { callbackPage: walk.input.callbackPage } : {}),
        ...(walk.input.isDowngrade ? { isDowngrade: true } : {}),
      };
      expect(effects(walk)).toEqual([
        ['saveCheckoutRecord', record],
        ['goToCheckout', opened.redirectUri],
      ]);
      expect(walk.snapshot.output).toEqual({ redirected: true });
    },
    failed: (walk) => {
      const last = walk.events.at(-1);
      // A missing redirectUri is the 'unknown error' toast; a failed request was shown by the request client.
      expect(effects(walk)).toEqual(last?.type === 'xstate.done.actor.createCheckoutSession' ? [['notifyUnknownError', undefined]] : []);
      expect(walk.snapshot.output).toEqual({ redirected: false });
    },
  },
});

describeWalk('checkout machine (model paths)', walk);
