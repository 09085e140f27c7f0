import { vi } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { TestModel, getAdjacencyMap, getShortestPaths, type PathGenerator, type StatePath } from 'xstate/graph';
import { delayOf, describeEventType, stateNodesOf, statePathOf, transitionKeyOf, transitionsOf } from '#machines/structure.ts';

/**
 * Model-based tests of a machine: walks paths of a `TestModel` built on the real machine, driving the real actor
 * with deferred invokes and fake timers, asserting every state on the way, and failing when a state node, a
 * transition or an assertion is missing.
 */

/** Events the machine raises for itself: listed with their payloads, driven by the helper. */
export type InternalEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` };

export type ModelEvent<M extends AnyStateMachine> = EventFromLogic<M> | InternalEvent;

/** A call of an app-provided action (with its params) or actor (with its input), in order. */
export type Call = { kind: 'action' | 'actor'; name: string; value: unknown };

export type WalkContext<M extends AnyStateMachine> = {
  scenario: string;
  input: InputFrom<M>;
  /** The actor's snapshot after the step. */
  snapshot: SnapshotFrom<M>;
  /** The events driven so far on this path. */
  events: ModelEvent<M>[];
  calls: Call[];
  /** Params or inputs of every call of one action or actor, in order. */
  callsOf: (name: string) => unknown[];
  send: (event: EventFromLogic<M>) => void;
};

export type Driver<M extends AnyStateMachine, E> = (context: WalkContext<M>, event: E) => void | Promise<void>;

/** One driver per event type of the machine: a new event type is a compile error until a test drives it. */
export type EventDrivers<M extends AnyStateMachine> = {
  [T in EventFromLogic<M>['type']]: Driver<M, Extract<EventFromLogic<M>, { type: T }>>;
};

type PathsOf<V> = V extends string
  ? V
  : V extends object
    ? { [K in keyof V & string]: K | `${K}.${PathsOf<V[K]>}` }[keyof V & string]
    : never;
/** 'parent' and 'parent.child' for every state node of the machine. */
export type StatePathOf<M extends AnyStateMachine> =
  string extends Extract<SnapshotFrom<M>['value'], string> ? string : PathsOf<SnapshotFrom<M>['value']>;

export type StateAssertions<M extends AnyStateMachine> = {
  [P in StatePathOf<M>]: (context: WalkContext<M>) => void | Promise<void>;
};

export type ModelConfig<M extends AnyStateMachine> = {
  machine: M;
  /** Named inputs; each one starts its own walk. */
  scenarios: Record<string, InputFrom<M>>;
  /** The explicit event list, with the payloads of invoke done/error events and the delayed events. */
  events: readonly ModelEvent<M>[];
  drivers: EventDrivers<M>;
  /** Run after every step for each state entered during it (eventless ones included) or active after it. */
  states: StateAssertions<M>;
};

export type ModelPath = { description: string; run: () => Promise<void> };
export type ModelWalk = {
  paths: ModelPath[];
  /** Runs the paths not run yet, then throws unless every state, transition and assertion was covered. */
  assertComplete: () => Promise<void>;
};

type AnySnapshot = SnapshotFrom<AnyStateMachine>;
type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Coverage = { states: Set<string>; transitions: Set<string>; usedEvents: Set<string> };

const realSetTimeout = globalThis.setTimeout;
/** Lets promise callbacks (an invoke settling, the parent receiving its done event) run to the end. */
const settle = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));

const serializeState = (snapshot: AnySnapshot) => JSON.stringify(snapshot.value);
const errorFields = (_key: string, value: unknown) => (value instanceof Error ? { ...value, name: value.name, message: value.message } : value);
/** Errors included, so two error events that differ only in their error stay two events. */
const serializeEvent = (event: { type: string }) => JSON.stringify(event, errorFields);

function summarize(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} items`;
  if (typeof value !== 'object' || value === null) return String(value);
  for (const key of ['code', 'message', 'status']) {
    if (key in value) return String((value as Record<string, unknown>)[key]);
  }
  const json = JSON.stringify(value);
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}

function formatEvent({ type, ...payload }: { type: string }): string {
  const values = Object.values(payload);
  return values.length ? `${describeEventType(type)} (${values.map(summarize).join(', ')})` : describeEventType(type);
}

/** One path per transition of the model: the shortest path to its source, then the transition. */
const transitionPaths: PathGenerator<AnySnapshot, { type: string }, unknown> = (logic, options) => {
  const adjacency = getAdjacencyMap(logic, options);
  const heads = new Map(getShortestPaths(logic, options).map((path) => [serializeState(path.state), path]));
  return Object.entries(adjacency).flatMap(([key, { transitions }]) => {
    const head = heads.get(key);
    if (!head) return [];
    const edges: Array<{ event: { type: string }; state: AnySnapshot }> = Object.values(transitions);
    if (!edges.length) return [head];
    return edges.map(({ event, state }) => ({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 }));
  });
};

function isInternal(event: { type: string }): event is InternalEvent {
  return event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.') || delayOf(event.type) !== undefined;
}

/** App-provided actions become recording wrappers; built-in actions (assign, raise, ...) stay as they are. */
function spyActions(machine: AnyStateMachine, calls: Call[]) {
  return Object.fromEntries(
    Object.entries(machine.implementations.actions).flatMap(([name, action]) =>
      typeof action === 'function' && !('resolve' in action)
        ? [[name, (args: unknown, params: unknown) => {
            calls.push({ kind: 'action', name, value: params });
            return (action as (args: unknown, params: unknown) => void)(args, params);
          }]]
        : [],
    ),
  );
}

/** Every actor becomes a promise that the walk settles with the listed done/error event of its invoke id. */
function deferActors(machine: AnyStateMachine, calls: Call[], pending: Map<string, Deferred>) {
  return Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [
      name,
      fromPromise<unknown, unknown>(({ input, self }) => {
        calls.push({ kind: 'actor', name, value: input });
        return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
      }),
    ]),
  );
}

function delayInMs(machine: AnyStateMachine, delay: string, snapshot: AnySnapshot, event: { type: string }): number {
  if (/^\d+$/.test(delay)) return Number(delay);
  const configured: unknown = machine.implementations.delays[delay];
  if (typeof configured === 'number') return configured;
  if (typeof configured === 'function') return configured({ context: snapshot.context, event }, undefined);
  throw new Error(`Unknown delay "${delay}"`);
}

export function createModelWalk<M extends AnyStateMachine>(config: ModelConfig<M>): ModelWalk {
  const { machine, drivers } = config;
  const assertions: Record<string, ((context: WalkContext<M>) => void | Promise<void>) | undefined> = config.states;
  const coverage: Coverage = { states: new Set(), transitions: new Set(), usedEvents: new Set() };

  async function runPath(scenario: string, input: InputFrom<M>, path: StatePath<AnySnapshot, { type: string }>) {
    const calls: Call[] = [];
    const pending = new Map<string, Deferred>();
    let entered = new Set<string>();
    const inspect = (inspection: InspectionEvent) => {
      if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return;
      for (const node of (inspection.snapshot as AnySnapshot)._nodes) entered.add(statePathOf(node));
      for (const transition of inspection._transitions) {
        coverage.transitions.add(transitionKeyOf(transition));
        // The initial microstep is not inspected: the initial states show up as sources of the first transitions.
        if (inspection.event.type === 'xstate.init') entered.add(statePathOf(transition.source));
      }
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const logic = machine.provide({ actions: spyActions(machine, calls), actors: deferActors(machine, calls, pending) }) as M;
    const actor = createActor(logic, { input, inspect });
    const events: ModelEvent<M>[] = [];
    const context = (): WalkContext<M> => ({
      scenario,
      input,
      snapshot: actor.getSnapshot(),
      events: [...events],
      calls,
      callsOf: (name) => calls.filter((call) => call.name === name).map((call) => call.value),
      send: (event) => actor.send(event),
    });

    async function drive(event: ModelEvent<M>) {
      if (!isInternal(event)) {
        const driver = drivers[event.type as keyof EventDrivers<M>] as Driver<M, ModelEvent<M>> | undefined;
        if (!driver) throw new Error(`No driver for event "${event.type}"`);
        return driver(context(), event);
      }
      const delay = delayOf(event.type);
      if (delay !== undefined) return void (await vi.advanceTimersByTimeAsync(delayInMs(machine, delay, actor.getSnapshot(), event)));
      const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
      const deferred = pending.get(id);
      if (!deferred) throw new Error(`No running invoke "${id}" to settle with ${event.type}`);
      pending.delete(id);
      if ('error' in event) deferred.reject(event.error);
      else deferred.resolve('output' in event ? event.output : undefined);
    }

    try {
      actor.start();
      for (const step of path.steps) {
        if (step.event.type !== 'xstate.init') {
          const event = step.event as ModelEvent<M>;
          events.push(event);
          coverage.usedEvents.add(serializeEvent(event));
          await drive(event);
        }
        await settle();
        const actual: AnySnapshot = actor.getSnapshot();
        if (serializeState(actual) !== serializeState(step.state)) {
          throw new Error(
            `After ${formatEvent(step.event)} the actor is in ${serializeState(actual)}, the model expected ${serializeState(step.state)}`,
          );
        }
        for (const node of actual._nodes) if (node !== actual.machine.root) entered.add(statePathOf(node));
        for (const state of entered) {
          coverage.states.add(state);
          await assertions[state]?.(context());
        }
        entered = new Set();
      }
    } finally {
      actor.stop();
      vi.useRealTimers();
    }
  }

  const paths = Object.entries(config.scenarios).flatMap(([scenario, input]) => {
    const model = new TestModel<AnySnapshot, { type: string }, unknown>(machine, {
      input,
      serializeEvent,
      events: (snapshot) => config.events.filter((event) => snapshot.can(event)),
      serializeState,
    });
    return model.getPaths(transitionPaths).map((path) => {
      const description = `${scenario}: ${path.steps.slice(1).map((step) => formatEvent(step.event)).join(' → ') || 'start'} ⇒ ${serializeState(path.state)}`;
      return { description, run: () => runPath(scenario, input, path) };
    });
  });

  // Each path records that it ran, so assertComplete() only runs what the test file did not.
  const ran = new Set<number>();
  const walkPaths: ModelPath[] = paths.map((path, index) => ({
    description: path.description,
    run: () => {
      ran.add(index);
      return path.run();
    },
  }));

  async function assertComplete() {
    for (const [index, path] of walkPaths.entries()) if (!ran.has(index)) await path.run();
    const statePaths = stateNodesOf(machine).map(statePathOf);
    const problems = [
      ...missing('State nodes never reached', statePaths, coverage.states),
      ...missing('Transitions never taken', transitionsOf(machine).map((t) => t.key), coverage.transitions, labels(machine)),
      ...missing('States without an assertion', statePaths, new Set(Object.keys(assertions))),
      ...missing('Assertions of states the machine does not have', Object.keys(assertions), new Set(statePaths)),
      ...missing('Listed events never driven', config.events.map(serializeEvent), coverage.usedEvents),
    ];
    if (problems.length) throw new Error(`The model walk of "${machine.id}" is incomplete:\n${problems.join('\n')}`);
  }

  return { paths: walkPaths, assertComplete };
}

const labels = (machine: AnyStateMachine) => new Map(transitionsOf(machine).map((t) => [t.key, t.label]));

function missing(title: string, expected: string[], covered: Set<string>, label?: Map<string, string>): string[] {
  const gaps = expected.filter((item) => !covered.has(item));
  return gaps.length ? [`${title}:`, ...gaps.map((item) => `  - ${label?.get(item) ?? item}`)] : [];
}

/** Walks every path and asserts the walk is complete. */
export async function walkModel<M extends AnyStateMachine>(config: ModelConfig<M>): Promise<void> {
  await createModelWalk(config).assertComplete();
}

/** The driver of an event the machine receives directly. */
export const sendEvent = <M extends AnyStateMachine>(context: WalkContext<M>, event: EventFromLogic<M>) => context.send(event);
