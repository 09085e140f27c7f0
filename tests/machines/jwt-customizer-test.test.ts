import { describe, expect, it } from 'vitest';
import { jwtCustomizerTestMachine } from '#machines/jwt-customizer-test.machine.ts';
import { defaultContextSamples, defaultTokenSamples, type JwtTest, type JwtTestResult } from '#schemas/jwt-customizer.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';

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

const lastRun = (walk: Walk) => walk.events.findLast((event) => event.type === 'RUN') as { request: JwtTest } | undefined;

const walk = createModelWalk({
  machine: jwtCustomizerTestMachine,
  scenarios: { 'a machine-to-machine script in the editor': undefined },
  events,
  drivers,
  states: {
    idle: (walk) => {
      // Nothing runs until Run test is pressed.
      expect(walk.calls).toEqual([]);
      expect(walk.snapshot.context).toEqual({});
    },
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

describe('custom JWT test run machine (model paths)', () => {
  for (const path of walk.paths) it(path.description, path.run);
  it('walks every state and transition, asserting each state', walk.assertComplete);
});
