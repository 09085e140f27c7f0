import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { JwtTest, JwtTestResult } from '../schemas/jwt-customizer.ts';
import { errorOf, provided } from './errors.ts';

export type JwtCustomizerTestContext = {
  /** The last run's request: the editor's script, variables and samples as they were when Run was pressed. */
  request?: JwtTest;
  /** What the script returned (the claims) and what it printed. */
  result?: JwtTestResult;
  /** Why the run failed: `AccessDenied`, or `General` (a throw, the time or memory limit), with the console output. */
  error?: unknown;
};

/**
 * The Test of the custom JWT editor (customize-jwt.md §2): the unsaved script runs in the server's sandbox on the token
 * and context samples. Nothing is saved. The result (claims, or the error and the console output) stays shown until
 * the next run; a new run while one is under way replaces it.
 */
export const jwtCustomizerTestMachine = setup({
  types: {
    context: {} as JwtCustomizerTestContext,
    events: {} as { type: 'RUN'; request: JwtTest },
  },
  actors: {
    run: fromPromise<JwtTestResult, JwtTest>(provided('run')),
  },
}).createMachine({
  id: 'jwtCustomizerTest',
  context: {},
  initial: 'idle',
  states: {
    idle: {},
    running: {
      entry: assign({ result: undefined, error: undefined }),
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.request as JwtTest,
        onDone: { target: 'passed', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: errorOf }) },
      },
    },
    passed: {},
    failed: {},
  },
  on: {
    RUN: { target: '.running', actions: assign({ request: ({ event }) => event.request }) },
  },
});

export type JwtCustomizerTestSnapshot = SnapshotFrom<typeof jwtCustomizerTestMachine>;
export type JwtCustomizerTestEvent = EventFromLogic<typeof jwtCustomizerTestMachine>;
