import { describe, expect, it } from 'vitest';
import { defaultTenantOf, indexRouteMachine, isOnboardingPending } from '#machines/index-route.machine.ts';
import { defaultAdminPreferences, type AdminPreferences } from '#schemas/preferences.ts';
import { sampleInvitation } from '../support/samples.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof indexRouteMachine>;
type Event = ModelEvent<typeof indexRouteMachine>;

const invitation = sampleInvitation('inv-1', { tenantId: 'acme1', tenantName: 'Acme' });

const newUser = defaultAdminPreferences;
const onboarded: AdminPreferences = { ...defaultAdminPreferences, isOnboardingDone: true, defaultTenantId: 't2' };
const restarted: AdminPreferences = { ...defaultAdminPreferences, isOnboardingDone: false };

const events: Event[] = [
  { type: 'xstate.done.actor.loadPreferences', output: newUser },
  { type: 'xstate.done.actor.loadPreferences', output: onboarded },
  { type: 'xstate.done.actor.loadPreferences', output: restarted },
  { type: 'xstate.error.actor.loadPreferences', error: new Error('Failed to fetch') },
  { type: 'xstate.done.actor.fetchPendingInvitations', output: [invitation] },
  { type: 'xstate.done.actor.fetchPendingInvitations', output: [] },
  { type: 'xstate.error.actor.fetchPendingInvitations', error: new Error('Bad gateway') },
  { type: 'xstate.done.actor.restartOnboarding' },
  { type: 'xstate.error.actor.restartOnboarding', error: new Error('Bad request') },
  { type: 'JOIN', invitationId: 'inv-1' },
  { type: 'CREATE_TENANT' },
  { type: 'RETRY' },
];

const drivers = { JOIN: sendEvent, CREATE_TENANT: sendEvent, RETRY: sendEvent } satisfies EventDrivers<typeof indexRouteMachine>;

const lastPreferences = (walk: Walk) => {
  const done = walk.events.findLast((event) => event.type === 'xstate.done.actor.loadPreferences');
  return (done && 'output' in done ? done.output : undefined) as AdminPreferences;
};
const navigations = (walk: Walk) => walk.calls.filter((call) => call.kind === 'action' && call.name.startsWith('navigate'));

const walk = createModelWalk({
  machine: indexRouteMachine,
  scenarios: {
    'cloud, no tenant': { tenants: [], canOnboard: true, canHaveInvitations: true },
    'cloud, two tenants': { tenants: [{ id: 't1' }, { id: 't2' }], canOnboard: true, canHaveInvitations: true },
    'self-hosted member': { tenants: [{ id: 'default' }], canOnboard: false, canHaveInvitations: false },
    'self-hosted outsider': { tenants: [], canOnboard: false, canHaveInvitations: false },
  },
  events,
  drivers,
  states: {
    loading: (walk) => {
      expect(walk.calls.at(-1)).toMatchObject({ kind: 'actor', name: 'loadPreferences' });
      expect(walk.snapshot.context.error).toBeUndefined();
      expect(navigations(walk)).toEqual([]);
    },
    redirectingToOnboarding: (walk) => {
      expect(walk.input.canOnboard).toBe(true);
      expect(walk.input.tenants).toEqual([]);
      expect(lastPreferences(walk).isOnboardingDone).not.toBe(true);
      expect(navigations(walk)).toEqual([{ kind: 'action', name: 'navigateToOnboarding', value: undefined }]);
    },
    redirectingToTenant: (walk) => {
      const expected = lastPreferences(walk).defaultTenantId === 't2' && walk.input.tenants.length > 1 ? 't2' : walk.input.tenants[0]?.id;
      expect(navigations(walk)).toEqual([{ kind: 'action', name: 'navigateToTenant', value: expected }]);
    },
    loadingInvitations: (walk) => {
      expect(walk.input.canHaveInvitations).toBe(true);
      expect(walk.input.tenants).toEqual([]);
      expect(walk.calls.at(-1)).toMatchObject({ kind: 'actor', name: 'fetchPendingInvitations' });
    },
    invitations: (walk) => {
      expect(walk.snapshot.context.invitations).toEqual([invitation]);
      expect(navigations(walk)).toEqual([]);
    },
    landing: (walk) => {
      expect(walk.input.tenants).toEqual([]);
      expect(walk.snapshot.context.invitations).toEqual([]);
      expect(navigations(walk)).toEqual([]);
      // Only an edition that creates tenants offers it.
      expect(walk.snapshot.can({ type: 'CREATE_TENANT' })).toBe(walk.input.canOnboard);
    },
    restartingOnboarding: (walk) => {
      expect(walk.input.canOnboard).toBe(true);
      expect(walk.calls.at(-1)).toMatchObject({ kind: 'actor', name: 'restartOnboarding' });
      expect(navigations(walk)).toEqual([]);
    },
    joiningInvitation: (walk) => {
      expect(walk.snapshot.status).toBe('done');
      expect(navigations(walk)).toEqual([{ kind: 'action', name: 'navigateToInvitation', value: 'inv-1' }]);
    },
    error: (walk) => {
      const failure = walk.events.findLast((event): event is Extract<Event, { error: unknown }> => 'error' in event);
      expect(failure?.error).toBeInstanceOf(Error);
      expect(walk.snapshot.context.error).toBe(failure?.error instanceof Error ? failure.error.message : undefined);
    },
  },
});

describeWalk('index route machine (model paths)', walk);

describe('index route decisions', () => {
  const tenants = [{ id: 'first' }, { id: 'second' }];

  it('the default tenant is the stored one if the user is among its members, else the first', () => {
    expect(defaultTenantOf(tenants, { ...defaultAdminPreferences, defaultTenantId: 'second' })).toBe('second');
    expect(defaultTenantOf(tenants, { ...defaultAdminPreferences, defaultTenantId: 'gone' })).toBe('first');
    expect(defaultTenantOf(tenants, defaultAdminPreferences)).toBe('first');
    expect(defaultTenantOf([], defaultAdminPreferences)).toBeUndefined();
  });

  it('onboarding is pending only for a user without tenants who has not finished it', () => {
    expect(isOnboardingPending(defaultAdminPreferences, [])).toBe(true);
    expect(isOnboardingPending({ ...defaultAdminPreferences, isOnboardingDone: false }, [])).toBe(true);
    expect(isOnboardingPending({ ...defaultAdminPreferences, isOnboardingDone: true }, [])).toBe(false);
    // Invited into a tenant: no onboarding.
    expect(isOnboardingPending(defaultAdminPreferences, tenants)).toBe(false);
  });
});
