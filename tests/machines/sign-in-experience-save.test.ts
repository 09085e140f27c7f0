import { expect } from 'vitest';
import { signInExperienceSaveMachine, type VersionedSettings } from '#machines/sign-in-experience-save.machine.ts';
import { defaultSignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof signInExperienceSaveMachine>;
type Event = ModelEvent<typeof signInExperienceSaveMachine>;

const settings = defaultSignInExperienceSettings('cloud');
const branding = { color: { ...settings.color, primaryColor: '#0a7d4f' } };
const signUp = { signUp: { ...settings.signUp, identifiers: ['username' as const] } };
const saved: VersionedSettings = { settings: { ...settings, ...branding }, etag: '"2"' };
const theirs: VersionedSettings = { settings: { ...settings, signInMode: 'SignIn' }, etag: '"3"' };
const conflict = Object.assign(new Error('conflict'), { status: 409, body: { code: 'sign_in_experiences.version_conflict', message: 'conflict' } });
const refused = Object.assign(new Error('refused'), { status: 400, body: { code: 'sign_in_experiences.at_least_one_authentication_factor', message: 'refused' } });
const failed = new Error('Service unavailable');

const events: Event[] = [
  { type: 'SAVE', patch: branding },
  { type: 'SAVE', patch: signUp },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'RELOAD' },
  { type: 'xstate.done.actor.save', output: saved },
  { type: 'xstate.error.actor.save', error: conflict },
  { type: 'xstate.error.actor.save', error: refused },
  { type: 'xstate.done.actor.reload', output: theirs },
  { type: 'xstate.error.actor.reload', error: failed },
];

const drivers = { SAVE: sendEvent, CONFIRM: sendEvent, CANCEL: sendEvent, RELOAD: sendEvent } satisfies EventDrivers<typeof signInExperienceSaveMachine>;

const lastEvent = (walk: Walk) => walk.events.at(-1);
/** The version the next save sends: the opening one, then each saved or reloaded one. */
const expectedEtag = (walk: Walk) =>
  walk.events.reduce(
    (etag, event) => (event.type === 'xstate.done.actor.save' || event.type === 'xstate.done.actor.reload' ? (event.output as VersionedSettings).etag : etag),
    '"1"',
  );

const walk = createModelWalk({
  machine: signInExperienceSaveMachine,
  scenarios: { 'the sign-in experience at version 1': { etag: '"1"' } },
  events,
  drivers,
  states: {
    idle: (walk) => {
      const last = lastEvent(walk);
      expect(walk.snapshot.context).toEqual({ etag: expectedEtag(walk) });
      if (last?.type === 'xstate.done.actor.save') expect(walk.calls.at(-1)).toEqual({ kind: 'action', name: 'notifySaved', value: saved });
      if (last?.type === 'xstate.error.actor.save') expect(walk.calls.at(-1)).toEqual({ kind: 'action', name: 'notifyFailed', value: refused });
      if (last?.type === 'xstate.done.actor.reload') expect(walk.calls.at(-1)).toEqual({ kind: 'action', name: 'notifyReloaded', value: theirs });
      // Cancelling the changes dialog sends nothing.
      if (last?.type === 'CANCEL') expect(walk.calls.at(-1)?.name).not.toBe('save');
    },
    confirming: (walk) => {
      // Only a change to how users sign in asks first, before anything is sent.
      expect(walk.snapshot.context.patch).toEqual(signUp);
      expect(walk.calls.at(-1)?.name).not.toBe('save');
    },
    saving: (walk) => {
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'save', value: { patch: walk.snapshot.context.patch, etag: expectedEtag(walk) } });
    },
    conflict: (walk) => {
      // The refused save is reported as a conflict, not as a failure of a field; the edits are the form's, untouched.
      expect(walk.callsOf('notifyFailed')).not.toContain(conflict);
      expect(walk.snapshot.context.etag).toBe(expectedEtag(walk));
    },
    reloading: (walk) => {
      expect(walk.calls.at(-1)).toMatchObject({ kind: 'actor', name: 'reload' });
    },
  },
});

describeWalk('sign-in experience save machine (model paths)', walk);
