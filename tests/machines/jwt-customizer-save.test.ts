import { expect } from 'vitest';
import { jwtCustomizerSaveMachine } from '#machines/jwt-customizer-save.machine.ts';
import { jwtScriptTemplate, type JwtCustomizer, type PutJwtCustomizer } from '#schemas/jwt-customizer.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk, lastEvent } from '../support/model-walks.ts';

type Walk = WalkContext<typeof jwtCustomizerSaveMachine>;
type Event = ModelEvent<typeof jwtCustomizerSaveMachine>;

const broken: PutJwtCustomizer = { script: 'const getCustomJwtClaims = async () => {', environmentVariables: { TIER: 'gold' }, blockIssuanceOnError: true };
const fixed: PutJwtCustomizer = { script: jwtScriptTemplate, environmentVariables: { TIER: 'gold' }, blockIssuanceOnError: false };
const saved: JwtCustomizer = { script: jwtScriptTemplate, environmentVariables: { TIER: '••••••••' }, blockIssuanceOnError: false };
const compileError = Object.assign(new Error('Unexpected end of input'), {
  status: 400,
  body: { code: 'jwt_customizer.invalid_script', message: 'The script does not compile.', details: { message: 'Unexpected end of input', line: 1 } },
});

const events: Event[] = [
  { type: 'SAVE', value: broken },
  { type: 'SAVE', value: fixed },
  { type: 'xstate.done.actor.save', output: saved },
  { type: 'xstate.error.actor.save', error: compileError },
];

const drivers = { SAVE: sendEvent } satisfies EventDrivers<typeof jwtCustomizerSaveMachine>;

const lastSave = (walk: Walk) => lastEvent<{ value: PutJwtCustomizer }>(walk, 'SAVE');
const doneCount = (walk: Walk) => walk.events.filter((event) => event.type === 'xstate.done.actor.save').length;

const walk = createModelWalk({
  machine: jwtCustomizerSaveMachine,
  scenarios: { 'a new script (Create)': { creating: true }, 'a saved script (Save)': { creating: false } },
  events,
  drivers,
  states: {
    idle: (walk) => {
      const last = walk.events.at(-1);
      // Once one save is done, the script exists: every later save replaces it.
      expect(walk.snapshot.context.creating).toBe(walk.input.creating && doneCount(walk) === 0);
      expect(walk.snapshot.context.error).toBeUndefined();
      if (last?.type === 'xstate.done.actor.save') {
        const created = walk.input.creating && doneCount(walk) === 1;
        expect(walk.calls.at(-1)).toEqual({ kind: 'action', name: 'notifySaved', value: { value: saved, created } });
      } else expect(walk.calls).toEqual([]);
    },
    saving: (walk) => {
      // The whole value, as Create (first save of a new script) or as a replacement; the last refusal is cleared.
      const creating = walk.input.creating && doneCount(walk) === 0;
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'save', value: { value: lastSave(walk)?.value, creating } });
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    failed: (walk) => {
      // The refusal stays for the page to show (the compile error on its line), and the editor's values are untouched.
      expect(walk.snapshot.context.error).toBe(compileError);
      expect(walk.calls.at(-1)).toEqual({ kind: 'action', name: 'notifyFailed', value: compileError });
      expect(walk.callsOf('notifySaved')).toHaveLength(doneCount(walk));
    },
  },
});

describeWalk('custom JWT save machine (model paths)', walk);
