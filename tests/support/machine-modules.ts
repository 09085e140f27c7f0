import type { AnyStateMachine } from 'xstate';
import { machinesIn } from '#machines/structure.ts';

/** Every `machines/<name>.machine.ts`, by name, with the machine it exports. */
export const machineModules: Array<{ name: string; machine: AnyStateMachine }> = Object.entries(
  import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true }),
).flatMap(([path, module]) => machinesIn(module).map((machine) => ({ name: path.replace(/^.*\/|\.machine\.ts$/g, ''), machine })));
