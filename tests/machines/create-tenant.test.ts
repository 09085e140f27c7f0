import { describe, expect, it } from 'vitest';
import { createTenantMachine, initialTenantDraft, type TenantDraft } from '../../machines/create-tenant.machine.ts';
import { sampleTenant } from '../support/samples.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';

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
];

const drivers = { SUBMIT: sendEvent } satisfies EventDrivers<typeof createTenantMachine>;

const lastSubmit = (walk: Walk) => walk.events.findLast((event) => event.type === 'SUBMIT');
const effects = (walk: Walk) => walk.calls.filter((call) => call.kind === 'action').map(({ name, value }) => [name, value]);

const walk = createModelWalk({
  machine: createTenantMachine,
  scenarios: { 'create-tenant modal': undefined },
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
      // Production passes through plan selection, which for now goes straight on to the free plan.
      expect(lastSubmit(walk)?.draft.tag).toBe('production');
      expect(walk.snapshot.value).toBe('creatingTenant');
    },
    creatingTenant: (walk) => {
      const { draft } = lastSubmit(walk) ?? {};
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

describe('create-tenant machine (model paths)', () => {
  for (const path of walk.paths) it(path.description, path.run);
  it('walks every state and transition, asserting each state', walk.assertComplete);
});
