import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describeEventType, transitionsOf, type TransitionInfo } from './structure.ts';

/** A machine as a Mermaid stateDiagram-v2, for testers and for the flow's docs page in Storybook. */

const idOf = (node: AnyStateNode) => node.path.join('__');

/** Mermaid ends a statement at ';' or a line break. */
const label = (text: string) => text.replace(/[;\s]+/g, ' ').trim();

function transitionLabel(transition: TransitionInfo): string {
  const event = describeEventType(transition.eventType);
  return label(transition.guard ? `${event} [${transition.guard}]` : event);
}

/** Named entry actions and invoked actors, listed under the state's name. */
function notesOf(node: AnyStateNode): string[] {
  const entries = node.entry.flatMap((action: unknown) => {
    const type = typeof action === 'string' ? action : typeof action === 'object' && action !== null && 'type' in action ? action.type : undefined;
    return typeof type === 'string' && !type.startsWith('xstate.') ? [`entry ${type}`] : [];
  });
  const invokes = node.invoke.map((invoke) => `invokes ${typeof invoke.src === 'string' ? invoke.src : invoke.id}`);
  return [...entries, ...invokes];
}

function declare(node: AnyStateNode, indent: string, lines: string[]) {
  const id = idOf(node);
  if (id !== node.key) lines.push(`${indent}state "${node.key}" as ${id}`);
  const notes = notesOf(node);
  const children = Object.values<AnyStateNode>(node.states);
  if (children.length && notes.length) {
    // Mermaid allows no descriptions on a state with children: its actions go into a note.
    lines.push(`${indent}note right of ${id}`, ...notes.map((note) => `${indent}  ${label(note)}`), `${indent}end note`);
  } else if (notes.length) {
    // With descriptions Mermaid drops the name unless it is the first one.
    for (const note of [node.key, ...notes]) lines.push(`${indent}${id} : ${label(note)}`);
  }
  if (!children.length) return;
  lines.push(`${indent}state ${id} {`);
  body(node, `${indent}  `, lines);
  lines.push(`${indent}}`);
}

/** The initial arrow, the children and the transitions whose source is directly inside `parent`. */
function body(parent: AnyStateNode, indent: string, lines: string[]) {
  const children = Object.values<AnyStateNode>(parent.states);
  children.forEach((child, index) => {
    if (parent.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    declare(child, indent, lines);
  });
  if (parent.type !== 'parallel') {
    for (const target of parent.initial?.target ?? []) lines.push(`${indent}[*] --> ${idOf(target)}`);
  }
  for (const child of children) if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  body(machine.root, '  ', lines);
  for (const transition of transitionsOf(machine)) {
    // The diagram has no node for the root: its handlers would need an arrow from every state.
    if (transition.source === machine.root) continue;
    const source = idOf(transition.source);
    const targets = transition.targets.length ? transition.targets.map(idOf) : [source];
    for (const target of targets) lines.push(`  ${source} --> ${target} : ${transitionLabel(transition)}`);
  }
  return `${lines.join('\n')}\n`;
}
