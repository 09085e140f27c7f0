import { describe, expect, it } from 'vitest';
import { stateNodesOf, statePathOf } from '#machines/structure.ts';
import { machineModules } from '../support/machine-modules.ts';

type StoryModule = Record<string, { name?: string; parameters?: { machine?: string } } | undefined>;

const storyModules = import.meta.glob<StoryModule>('../../stories/flows/*.stories.tsx', { eager: true });

/** The names of the stories of a machine, from the story files whose meta names it in `parameters.machine`. */
function storyNamesOf(machineId: string): string[] {
  return Object.values(storyModules)
    .filter((module) => module.default?.parameters?.machine === machineId)
    .flatMap((module) =>
      Object.entries(module).flatMap(([exportName, story]) => (exportName === 'default' ? [] : [story?.name ?? exportName])),
    );
}

describe('one story per machine state (stories/flows)', () => {
  it.each(machineModules)('$name: every state has exactly one story named by its state path', ({ machine }) => {
    const states = stateNodesOf(machine).map(statePathOf).sort();
    expect(storyNamesOf(machine.id).sort()).toEqual(states);
  });
});
