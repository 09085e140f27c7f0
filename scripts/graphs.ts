// Writes docs/graphs/<name>.mmd for every machines/<name>.machine.ts: `npm run graphs`.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { toMermaid } from '../machines/mermaid.ts';
import { machinesIn } from '../machines/structure.ts';

const machinesDir = new URL('../machines/', import.meta.url);
const graphsDir = new URL('../docs/graphs/', import.meta.url);
const suffix = '.machine.ts';

await mkdir(graphsDir, { recursive: true });
for (const file of (await readdir(machinesDir)).filter((name) => name.endsWith(suffix)).sort()) {
  const machines = machinesIn(await import(new URL(file, machinesDir).href));
  if (machines.length !== 1) throw new Error(`${file} must export exactly one machine, it exports ${machines.length}`);
  const name = file.slice(0, -suffix.length);
  await writeFile(new URL(`${name}.mmd`, graphsDir), toMermaid(machines[0]));
  console.log(`docs/graphs/${name}.mmd`);
}
