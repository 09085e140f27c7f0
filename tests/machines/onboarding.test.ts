import { expect } from 'vitest';
import { initialOnboardingDraft, onboardingMachine, type OnboardingDraft } from '#machines/onboarding.machine.ts';
import { defaultAdminPreferences } from '#schemas/preferences.ts';
import { sampleTenant } from '../support/samples.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof onboardingMachine>;
type Event = ModelEvent<typeof onboardingMachine>;

const unnamed: OnboardingDraft = { name: '  ', regionName: 'AU', collaborators: [] };
const withCollaborators: OnboardingDraft = { name: ' Acme ', regionName: 'EU', collaborators: ['bob@example.com', 'cy@example.com'] };
const acme = sampleTenant('acme1', { name: 'Acme' });
const loadFailed = new Error('Failed to fetch');

const events: Event[] = [
  { type: 'xstate.done.actor.loadPreferences', output: defaultAdminPreferences },
  { type: 'xstate.done.actor.loadPreferences', output: { ...defaultAdminPreferences, isOnboardingDone: true } },
  { type: 'xstate.error.actor.loadPreferences', error: loadFailed },
  { type: 'RETRY' },
  { type: 'SUBMIT', draft: unnamed },
  { type: 'SUBMIT', draft: withCollaborators },
  { type: 'xstate.done.actor.createTenant', output: acme },
  { type: 'xstate.error.actor.createTenant', error: new Error('Bad request') },
  { type: 'xstate.done.actor.inviteCollaborators' },
  { type: 'xstate.error.actor.inviteCollaborators', error: new Error('Forbidden') },
  { type: 'xstate.done.actor.markOnboardingDone' },
  { type: 'xstate.error.actor.markOnboardingDone', error: new Error('Bad request') },
];

const drivers = { SUBMIT: sendEvent, RETRY: sendEvent } satisfies EventDrivers<typeof onboardingMachine>;

const lastSubmit = (walk: Walk) => walk.events.findLast((event) => event.type === 'SUBMIT');
const actionNames = (walk: Walk) => walk.calls.filter((call) => call.kind === 'action').map((call) => call.name);
const actorNames = (walk: Walk) => walk.calls.filter((call) => call.kind === 'actor').map((call) => call.name);
const invitationFailed = (walk: Walk) => walk.events.some((event) => event.type === 'xstate.error.actor.inviteCollaborators');

const walk = createModelWalk({
  machine: onboardingMachine,
  scenarios: { onboarding: undefined },
  events,
  drivers,
  states: {
    loading: (walk) => {
      expect(walk.calls.at(-1)).toMatchObject({ kind: 'actor', name: 'loadPreferences' });
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    error: (walk) => {
      expect(walk.snapshot.context.error).toBe('Failed to fetch');
      expect(actionNames(walk)).toEqual([]);
    },
    leaving: (walk) => {
      expect(walk.snapshot.status).toBe('done');
      expect(actionNames(walk)).toEqual(['navigateToRoot']);
      expect(actorNames(walk)).not.toContain('createTenant');
    },
    editing: (walk) => {
      expect(walk.snapshot.context.draft).toEqual(lastSubmit(walk)?.draft ?? initialOnboardingDraft);
      expect(actionNames(walk)).toEqual([]);
    },
    creatingTenant: (walk) => {
      const draft = lastSubmit(walk)?.draft;
      // An empty name falls back to 'My project' (spec 01 §5); onboarding sends no tag.
      const name = draft === unnamed ? 'My project' : 'Acme';
      expect(walk.callsOf('createTenant').at(-1)).toEqual({ name, regionName: draft?.regionName });
    },
    'creatingTenant.thenInviting': (walk) => {
      expect(lastSubmit(walk)?.draft.collaborators).toEqual(['bob@example.com', 'cy@example.com']);
    },
    'creatingTenant.thenFinishing': (walk) => {
      expect(lastSubmit(walk)?.draft.collaborators).toEqual([]);
    },
    invitingCollaborators: (walk) => {
      expect(walk.calls.at(-1)).toEqual({
        kind: 'actor',
        name: 'inviteCollaborators',
        value: { tenantId: 'acme1', invitee: ['bob@example.com', 'cy@example.com'], roleName: 'collaborator' },
      });
    },
    savingOnboardingDone: (walk) => {
      expect(walk.calls.at(-1)).toMatchObject({ kind: 'actor', name: 'markOnboardingDone' });
      expect(walk.callsOf('inviteCollaborators')).toHaveLength(lastSubmit(walk)?.draft.collaborators.length ? 1 : 0);
      // A failed invitation is a toast; the flow goes on.
      expect(actionNames(walk)).toEqual(invitationFailed(walk) ? ['notifyInvitationFailed'] : []);
    },
    enteringTenant: (walk) => {
      expect(walk.snapshot.status).toBe('done');
      expect(walk.snapshot.context.tenant).toBe(acme);
      const effects = walk.calls.filter((call) => call.kind === 'action' && call.name !== 'notifyInvitationFailed');
      expect(effects).toEqual([
        { kind: 'action', name: 'addTenant', value: acme },
        { kind: 'action', name: 'notifyTenantCreated', value: acme },
        { kind: 'action', name: 'openTenant', value: acme },
      ]);
      // Onboarding is marked done before the tenant opens, whether or not saving it worked.
      expect(actorNames(walk).at(-1)).toBe('markOnboardingDone');
    },
  },
});

describeWalk('onboarding machine (model paths)', walk);
