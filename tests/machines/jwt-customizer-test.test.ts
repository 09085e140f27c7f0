import { expect } from 'vitest';
import { jwtCustomizerTestMachine } from '#machines/jwt-customizer-test.machine.ts';
import { defaultContextSamples, defaultTokenSamples, type JwtTest, type JwtTestResult } from '#schemas/jwt-customizer.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk, lastEvent, nothingAsked } from '../support/model-walks.ts';

type Walk = WalkContext<typeof jwtCustomizerTestMachine>;
type Event = ModelEvent<typeof jwtCustomizerTestMachine>;

const request = (script: string): JwtTest => ({
  tokenType: 'client-credentials',
  script,
  environmentVariables: { TIER: 'gold' },
  token: { ...defaultTokenSamples['client-credentials'] },
  context: { ...defaultContextSamples['client-credentials'] },
});
const first = request('const getCustomJwtClaims = async ({ environmentVariables }) => ({ tier: environmentVariables.TIER });');
const second = request('const getCustomJwtClaims = async () => { while (true) {} };');
const claims: JwtTestResult = { claims: { tier: 'gold' }, droppedClaims: ['sub'], consoleOutput: { lines: [{ level: 'log', message: 'hi' }], truncated: false }, durationMs: 4 };
const timeLimit = Object.assign(new Error('The script ran past its time limit.'), {
  status: 422,
  body: {
    code: 'jwt_customizer.general',
    message: 'The script ran past its time limit.',
    details: { code: 'General', message: 'time limit', consoleOutput: { lines: [], truncated: false }, durationMs: 1003 },
  },
});

const events: Event[] = [
  { type: 'RUN', request: first },
  { type: 'RUN', request: second },
  { type: 'xstate.done.actor.run', output: claims },
  { type: 'xstate.error.actor.run', error: timeLimit },
];

const drivers = { RUN: sendEvent } satisfies EventDrivers<typeof jwtCustomizerTestMachine>;

const lastRun = (walk: Walk) => lastEvent<{ request: JwtTest }>(walk, 'RUN');

const walk = createModelWalk({
  machine: jwtCustomizerTestMachine,
  scenarios: { 'a machine-to-machine script in the editor': undefined },
  events,
  drivers,
  states: {
    // Nothing runs until Run test is pressed.
    idle: nothingAsked,
    running: (walk) => {
      // The editor's values when Run was pressed, saved or not; the last result is cleared while it runs.
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'run', value: lastRun(walk)?.request });
      expect(walk.snapshot.context.result).toBeUndefined();
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    passed: (walk) => {
      expect(walk.snapshot.context.result).toEqual(claims);
      expect(walk.snapshot.context.error).toBeUndefined();
      expect(walk.snapshot.context.request).toEqual(lastRun(walk)?.request);
    },
    failed: (walk) => {
      // The failure (with the run's console output and time) stays shown, with the request it answered, until the next run.
      expect(walk.snapshot.context.error).toBe(timeLimit);
      expect(walk.snapshot.context.result).toBeUndefined();
      expect(walk.snapshot.context.request).toEqual(lastRun(walk)?.request);
    },
  },
});

describeWalk('custom JWT test run machine (model paths)', walk);
