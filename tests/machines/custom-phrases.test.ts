import { expect } from 'vitest';
import { customPhrasesMachine } from '#machines/custom-phrases.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof customPhrasesMachine>;
type Event = ModelEvent<typeof customPhrasesMachine>;

const translation = { signInButton: 'Aanmelden' };
const fallbackRefusal = Object.assign(new Error('fallback'), {
  status: 409,
  body: { code: 'localization.cannot_delete_default_language', message: 'nl-BE is the fallback language' },
});
const failed = new Error('Service unavailable');

const events: Event[] = [
  { type: 'SELECT', language: 'de', dirty: false },
  { type: 'SELECT', language: 'fr-CA', dirty: true },
  { type: 'CLOSE', dirty: false },
  { type: 'CLOSE', dirty: true },
  { type: 'DISCARD' },
  { type: 'KEEP_EDITING' },
  { type: 'SAVE', translation },
  { type: 'DELETE' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.save' },
  { type: 'xstate.error.actor.save', error: failed },
  { type: 'xstate.done.actor.remove' },
  { type: 'xstate.error.actor.remove', error: fallbackRefusal },
  { type: 'xstate.error.actor.remove', error: failed },
];

const drivers = {
  SELECT: sendEvent,
  CLOSE: sendEvent,
  DISCARD: sendEvent,
  KEEP_EDITING: sendEvent,
  SAVE: sendEvent,
  DELETE: sendEvent,
  CONFIRM: sendEvent,
  CANCEL: sendEvent,
  DISMISS: sendEvent,
} satisfies EventDrivers<typeof customPhrasesMachine>;

const lastEvent = (walk: Walk) => walk.events.at(-1);

/** The language the editor should show after the path's events, replayed by the rules the editor follows. */
const expectedLanguage = (walk: Walk) => {
  let language = walk.input.language;
  let next: string | undefined;
  let deleting = false;
  for (const event of walk.events) {
    if (event.type === 'SELECT' && !event.dirty) language = event.language;
    if (event.type === 'SELECT' && event.dirty) next = event.language;
    if (event.type === 'CLOSE') next = undefined;
    if (event.type === 'DISCARD' && next) language = next;
    if (event.type === 'CONFIRM') deleting = true;
    if (event.type === 'xstate.done.actor.remove' && deleting) language = ['de', 'en'].includes(language) ? language : walk.input.fallbackLanguage;
  }
  return language;
};

const walk = createModelWalk({
  machine: customPhrasesMachine,
  scenarios: {
    'a built-in language, English the fallback': { language: 'en', fallbackLanguage: 'en' },
    'a custom language that is not built in': { language: 'nl-BE', fallbackLanguage: 'en' },
  },
  events,
  drivers,
  states: {
    editing: (walk) => {
      const last = lastEvent(walk);
      expect(walk.snapshot.context.language).toBe(expectedLanguage(walk));
      expect(walk.snapshot.context.nextLanguage).toBeUndefined();
      if (last?.type === 'xstate.done.actor.save') expect(walk.callsOf('notifySaved').at(-1)).toBe(walk.snapshot.context.language);
      if (last?.type === 'xstate.error.actor.save' || last?.type === 'xstate.error.actor.remove') {
        expect(walk.calls.at(-1)).toEqual({ kind: 'action', name: 'notifyFailed', value: failed });
      }
      if (last?.type === 'xstate.done.actor.remove') expect(walk.callsOf('notifyDeleted').at(-1)).toEqual(expect.any(String));
      // Closing without unsaved phrases, or discarding them to close, closes the editor; nothing else does.
      const closes = (last?.type === 'CLOSE' && !last.dirty)
        || (last?.type === 'DISCARD' && walk.events.findLast((event) => event.type === 'CLOSE' || event.type === 'SELECT')?.type === 'CLOSE')
        || (last?.type === 'xstate.done.actor.save' && walk.events.at(-2)?.type === 'CLOSE');
      expect(walk.calls.at(-1)?.name === 'close').toBe(closes);
      // Cancelling the deletion, or keeping the edits, sends nothing.
      if (last?.type === 'CANCEL' || last?.type === 'KEEP_EDITING') expect(walk.calls.at(-1)?.kind).not.toBe('actor');
    },
    confirmingDiscard: (walk) => {
      const last = lastEvent(walk);
      expect(last?.type === 'SELECT' && walk.snapshot.context.nextLanguage === last.language).toBe(true);
      // Asking first: the language shown has not changed yet.
      expect(walk.snapshot.context.language).toBe(expectedLanguage(walk));
    },
    confirmingClose: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'CLOSE', dirty: true });
      expect(walk.calls.at(-1)?.name).not.toBe('close');
    },
    saving: (walk) => {
      // One save, of the phrases as they were when Save was pressed.
      expect(walk.callsOf('save').at(-1)).toEqual({ language: walk.snapshot.context.language, translation });
    },
    'saving.open': (walk) => {
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'save', value: { language: walk.snapshot.context.language, translation } });
    },
    'saving.closing': (walk) => {
      // Closing waits for the save: the editor is still there.
      expect(lastEvent(walk)?.type).toBe('CLOSE');
      expect(walk.calls.at(-1)?.name).toBe('save');
    },
    confirmingDelete: (walk) => {
      expect(walk.calls.at(-1)?.name).not.toBe('remove');
    },
    deleting: (walk) => {
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'remove', value: { language: walk.snapshot.context.language } });
    },
    deleteRefused: (walk) => {
      // The fallback language's refusal is shown as such, not as a failure toast.
      expect(walk.callsOf('notifyFailed')).not.toContain(fallbackRefusal);
      expect(walk.snapshot.context.language).toBe(expectedLanguage(walk));
    },
  },
});

describeWalk('custom phrases editor machine (model paths)', walk);
