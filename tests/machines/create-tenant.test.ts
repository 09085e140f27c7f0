import { expect } from 'vitest';
import { createTenantMachine, initialTenantDraft, type TenantDraft } from '#machines/create-tenant.machine.ts';
import { sampleTenant } from '../support/samples.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof createTenantMachine>;
type Event = ModelEvent<typeof createTenantMachine>;

const blankName: TenantDraft = { name: '   ', regionName: 'US', tag: 'production' };
const development: TenantDraft = { name: '  Acme dev ', regionName: 'AU', tag: 'development' };
const production: TenantDraft = { name: 'Acme', regionName: 'EU', tag: 'production' };
const created = sampleTenant('acme1', { name: 'Acme' });

const events: Event[] = [
  { type: 'SUBMIT', draft: blankName },
  { type: 'SUBMIT', draft: development },
  { type: 'SUBMIT', draft: production },
  { type: 'xstate.done.actor.createTenant', output: created },
  { type: 'xstate.error.actor.createTenant', error: new Error('Conflict') },
  { type: 'BACK' },
  // Plan selection created the free tenant, or the browser leaves for the checkout.
  { type: 'xstate.done.actor.planSelection' },
];

const drivers = { SUBMIT: sendEvent, BACK: sendEvent } satisfies EventDrivers<typeof createTenantMachine>;

const lastSubmit = (walk: Walk) => walk.events.findLast((event) => event.type === 'SUBMIT');
const effects = (walk: Walk) => walk.calls.filter((call) => call.kind === 'action').map(({ name, value }) => [name, value]);

const walk = createModelWalk({
  machine: createTenantMachine,
  scenarios: {
    'create-tenant modal': { freePlanAvailable: true },
    'create-tenant modal, 3 free tenants already': { freePlanAvailable: false },
  },
  events,
  drivers,
  states: {
    editing: (walk) => {
      const submit = lastSubmit(walk);
      // What was submitted stays in the form; errors show only once a submit had no name.
      expect(walk.snapshot.context.draft).toEqual(submit?.draft ?? initialTenantDraft);
      expect(walk.snapshot.context.showErrors).toBe(walk.events.some((event) => event.type === 'SUBMIT' && event.draft === blankName));
      expect(effects(walk)).toEqual([]);
    },
    selectingPlan: (walk) => {
      // Production opens plan selection for the new tenant, with the trimmed name and the free-plan rule's answer.
      expect(lastSubmit(walk)?.draft).toBe(production);
      expect(walk.callsOf('planSelection').at(-1)).toEqual({
        target: { kind: 'newTenant', name: 'Acme', regionName: 'EU' },
        freePlanAvailable: walk.input.freePlanAvailable,
      });
      // The modal itself creates nothing: plan selection does, or the checkout.
      expect(walk.callsOf('createTenant')).toEqual([]);
      expect(effects(walk)).toEqual([]);
    },
    planChosen: (walk) => {
      expect(walk.snapshot.status).toBe('done');
      expect(walk.callsOf('createTenant')).toEqual([]);
    },
    creatingTenant: (walk) => {
      const { draft } = lastSubmit(walk) ?? {};
      // Only development is created here directly.
      expect(draft?.tag).toBe('development');
      expect(walk.callsOf('createTenant').at(-1)).toEqual({ name: draft?.name.trim(), tag: draft?.tag, regionName: draft?.regionName });
      expect(effects(walk)).toEqual([]);
    },
    created: (walk) => {
      expect(walk.snapshot.status).toBe('done');
      expect(effects(walk)).toEqual([
        ['addTenant', created],
        ['notifyTenantCreated', created],
        ['openTenant', created],
      ]);
    },
  },
});

describeWalk('create-tenant machine (model paths)', walk);
