import mermaid from 'mermaid';
import { describe, expect, it } from 'vitest';
import { toMermaid } from '#machines/mermaid.ts';
import { machineModules } from '../support/machine-modules.ts';

const committed = import.meta.glob<string>('../../docs/graphs/*.mmd', { query: '?raw', import: 'default', eager: true });

describe('machine graphs (docs/graphs)', () => {
  it('finds the machines', () => {
    expect(machineModules.map(({ name }) => name)).toContain('session');
  });

  it.each(machineModules)('docs/graphs/$name.mmd is up to date (npm run graphs)', ({ name, machine }) => {
    expect(committed[`../../docs/graphs/${name}.mmd`]).toBe(toMermaid(machine));
  });

  it.each(machineModules)('docs/graphs/$name.mmd is a valid Mermaid state diagram', async ({ machine }) => {
    await expect(mermaid.parse(toMermaid(machine))).resolves.toMatchObject({ diagramType: 'stateDiagram' });
  });

  it('has no graph of a machine that no longer exists', () => {
    const names = new Set(machineModules.map(({ name }) => `../../docs/graphs/${name}.mmd`));
    expect(Object.keys(committed).filter((path) => !names.has(path))).toEqual([]);
  });
});
