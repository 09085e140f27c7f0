import { StateMachine, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

/** Static structure of a machine, shared by the model-path helper, the graphs and the story checks. */

export type TransitionInfo = {
  /** Stable key: source id, event type and position among the source's transitions for that event. */
  key: string;
  source: AnyStateNode;
  eventType: string;
  guard?: string;
  /** Target state nodes; empty for a transition that stays in its source. */
  targets: readonly AnyStateNode[];
  label: string;
};

/** The machines a module exports (a `machines/*.machine.ts` file exports one). */
export const machinesIn = (module: Record<string, unknown>): AnyStateMachine[] =>
  Object.values(module).filter((value): value is AnyStateMachine => value instanceof StateMachine);

/** Every state node below the root, parents before children. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const below = (node: AnyStateNode): AnyStateNode[] =>
    Object.values<AnyStateNode>(node.states).flatMap((child) => [child, ...below(child)]);
  return below(machine.root);
}

/** 'parent.child', the state's path as `snapshot.matches()` and the stories name it (the root: the machine id). */
export const statePathOf = (node: AnyStateNode) => node.path.join('.') || node.id;

const afterPattern = /^xstate\.after\.([^.]+)\.(.+)$/;

/** The delay of an `xstate.after.<delay>.<stateNodeId>` event, or undefined for other events. */
export function delayOf(eventType: string): string | undefined {
  return afterPattern.exec(eventType)?.[1];
}

/** A readable name for an event type: 'always', 'done: fetchTenants', 'error: fetchTenants', 'after checkoutTimeout'. */
export function describeEventType(eventType: string): string {
  if (eventType === '') return 'always';
  const delay = delayOf(eventType);
  if (delay !== undefined) return `after ${delay}`;
  const invoke = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (invoke) return `${invoke[1]}: ${invoke[2]}`;
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  return stateDone ? `done: ${stateDone[1]}` : eventType;
}

const guardName = (transition: AnyTransitionDefinition): string | undefined => {
  const { guard } = transition;
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guard';
};

const siblingsOf = (transition: AnyTransitionDefinition): readonly AnyTransitionDefinition[] =>
  transition.eventType === '' ? (transition.source.always ?? []) : (transition.source.transitions.get(transition.eventType) ?? []);

/** The key of a transition definition, equal for the same transition of a machine and of its `provide()` copies. */
export function transitionKeyOf(transition: AnyTransitionDefinition): string {
  return `${transition.source.id}|${transition.eventType}|${siblingsOf(transition).indexOf(transition)}`;
}

function describe(transition: AnyTransitionDefinition): TransitionInfo {
  const guard = guardName(transition);
  const targets = transition.target ?? [];
  const event = describeEventType(transition.eventType) + (guard ? ` [${guard}]` : '');
  const to = targets.length ? targets.map(statePathOf).join(', ') : `${statePathOf(transition.source)} (stays)`;
  return {
    key: transitionKeyOf(transition),
    source: transition.source,
    eventType: transition.eventType,
    guard,
    targets,
    label: `${statePathOf(transition.source)} --${event}--> ${to}`,
  };
}

/** Every transition of every state node: events, invoke done/error, delayed and eventless ones. */
export function transitionsOf(machine: AnyStateMachine): TransitionInfo[] {
  return [machine.root, ...stateNodesOf(machine)].flatMap((node) =>
    [...node.transitions.values(), node.always ?? []].flat().map(describe),
  );
}
