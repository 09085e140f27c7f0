import type { ReactNode } from 'react';
import type { StoryObj } from '@storybook/react-vite';
import type { AnyStateMachine, ContextFrom, SnapshotFrom, StateValue } from 'xstate';

/** 'a.b' is the state value { a: 'b' }. */
export const stateValueOf = (path: string): StateValue =>
  path.split('.').reduceRight<StateValue>((child, key) => (child === '' ? key : { [key]: child }), '');

/**
 * The story maker of a flow: `stateStory(path, play, context?, args?)` renders the flow's view in the machine state at
 * `path` ('a.b' for nested states), with `context` over the base context, and is named by the path, which is how the
 * per-state story check (tests/unit/flow-stories.test.ts) finds it.
 */
export function stateStories<TMachine extends AnyStateMachine, TArgs = object>(
  machine: TMachine,
  baseContext: ContextFrom<TMachine>,
  render: (state: SnapshotFrom<TMachine>, args: TArgs) => ReactNode,
) {
  return (path: string, play: StoryObj<TArgs>['play'], context: Partial<ContextFrom<TMachine>> = {}, args: Partial<TArgs> = {}) => ({
    name: path,
    args,
    render: (storyArgs: TArgs) =>
      render(machine.resolveState({ value: stateValueOf(path), context: { ...(baseContext as object), ...(context as object) } }) as SnapshotFrom<TMachine>, storyArgs),
    play,
  });
}

/**
 * The parameters of a flow shown in a modal. On its docs page each story renders in a frame of `height`, where its
 * modal and backdrop stay, instead of in the page, where every state's modal would open over the description and the
 * machine graph. The story itself, and its test, show the real modal.
 */
export const modalFlow = (height: string) => ({ docs: { story: { inline: false, height } } });
