import { describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, setup } from 'xstate';
import { createModelWalk, sendEvent, walkModel, type ModelConfig, type WalkContext } from '../support/model.ts';

/** A throwaway flow with an event, an invoke, a delay, an eventless step and a nested state. */
const fetcher = setup({
  types: { context: {} as { result: string }, events: {} as { type: 'FETCH' } | { type: 'RESET' } },
  actors: { load: fromPromise<string>(async () => 'unused') },
  actions: { announce: (_args, _result: string) => {} },
  delays: { retryDelay: 1500 },
}).createMachine({
  id: 'fetcher',
  context: { result: '' },
  initial: 'idle',
  states: {
    idle: { on: { FETCH: 'loading' } },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: assign({ result: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    loaded: {
      entry: { type: 'announce', params: ({ context }) => context.result },
      always: 'shown',
    },
    shown: { on: { RESET: 'idle' } },
    failed: {
      initial: 'waiting',
      states: { waiting: { after: { retryDelay: '#fetcher.loading' } } },
    },
  },
});

type Fetcher = typeof fetcher;
type Walk = WalkContext<Fetcher>;
/** The load actor runs on every FETCH and every retry. */
const expectOneLoadPerAttempt = (walk: Walk) =>
  expect(walk.callsOf('load')).toHaveLength(
    walk.events.filter((event) => event.type === 'FETCH' || event.type.startsWith('xstate.after.')).length,
  );

const completeConfig: ModelConfig<Fetcher> = {
  machine: fetcher,
  scenarios: { start: undefined },
  events: [
    { type: 'FETCH' },
    { type: 'RESET' },
    { type: 'xstate.done.actor.load', output: 'data' },
    { type: 'xstate.error.actor.load', error: new Error('offline') },
    { type: 'xstate.after.retryDelay.fetcher.failed.waiting' },
  ],
  drivers: { FETCH: sendEvent, RESET: sendEvent },
  states: {
    idle: (walk) => expect(walk.snapshot.context.result).toBe(walk.events.length ? 'data' : ''),
    loading: expectOneLoadPerAttempt,
    loaded: (walk) => expect(walk.callsOf('announce').at(-1)).toBe('data'),
    shown: (walk) => expect(walk.snapshot.context.result).toBe('data'),
    failed: (walk) => expect(walk.snapshot.matches('failed')).toBe(true),
    'failed.waiting': expectOneLoadPerAttempt,
  },
};

describe('model-path helper', () => {
  it('passes a complete walk, driving invokes with deferred promises and delays with fake timers', async () => {
    const walk = createModelWalk(completeConfig);
    expect(walk.paths.map((path) => path.description)).toContain(
      'start: FETCH → error: load (offline) → after retryDelay ⇒ "loading"',
    );
    await expect(walk.assertComplete()).resolves.toBeUndefined();
  });

  it('throws when a state node is never reached', async () => {
    const machine = createMachine({ id: 'lonely', initial: 'a', states: { a: { on: { GO: 'b' } }, b: {}, orphan: {} } });
    const walk = walkModel({
      machine,
      scenarios: { start: undefined },
      events: [{ type: 'GO' }],
      drivers: { GO: sendEvent },
      states: { a: () => {}, b: () => {}, orphan: () => {} },
    });
    await expect(walk).rejects.toThrow(/^The model walk of "lonely" is incomplete:\nState nodes never reached:\n {2}- orphan$/);
  });

  it('throws when a state has no assertion', async () => {
    const machine = createMachine({ id: 'unchecked', initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} } });
    const walk = walkModel({
      machine,
      scenarios: { start: undefined },
      events: [{ type: 'GO' }],
      drivers: { GO: sendEvent },
      states: { a: () => {} },
    });
    await expect(walk).rejects.toThrow(/^The model walk of "unchecked" is incomplete:\nStates without an assertion:\n {2}- b$/);
  });

  it('throws when a transition is never taken, naming it', async () => {
    const walk = walkModel({
      ...completeConfig,
      events: completeConfig.events.filter((event) => event.type !== 'RESET'),
    });
    await expect(walk).rejects.toThrow(/^The model walk of "fetcher" is incomplete:\nTransitions never taken:\n {2}- shown --RESET--> idle$/);
  });

  it('throws when a listed invoke event has no transition to take, e.g. a misspelt invoke id', async () => {
    const walk = walkModel({ ...completeConfig, events: [...completeConfig.events, { type: 'xstate.done.actor.lod', output: 'x' }] });
    await expect(walk).rejects.toThrow(/Listed events never driven:\n {2}- \{"type":"xstate.done.actor.lod","output":"x"\}/);
  });

  it('fails a path when its driver does not produce the event', async () => {
    const walk = createModelWalk({ ...completeConfig, drivers: { FETCH: () => {}, RESET: sendEvent } });
    const fetchPath = walk.paths.find((path) => path.description.startsWith('start: FETCH'));
    await expect(fetchPath?.run()).rejects.toThrow('After FETCH the actor is in "idle", the model expected "loading"');
  });

  it('fails a path when a state assertion fails', async () => {
    const walk = createModelWalk({
      ...completeConfig,
      states: { ...completeConfig.states, shown: (walk) => expect(walk.snapshot.context.result).toBe('other') },
    });
    await expect(walk.assertComplete()).rejects.toThrow(/expected 'data' to be 'other'/);
  });
});
