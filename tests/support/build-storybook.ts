import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const folderVariable = 'GATEHOUSE_TEST_STORYBOOK_DIR';

/** Vitest global setup: `npm run build-storybook` into a temporary folder, passed to the test workers through their environment. */
export default async function setup() {
  const folder = await mkdtemp(path.join(tmpdir(), 'gatehouse-storybook-'));
  const output: string[] = [];
  const child = spawn('npm', ['run', '--silent', 'build-storybook', '--', '--output-dir', folder, '--quiet'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (status !== 0) throw new Error(`npm run build-storybook failed:\n${output.join('').slice(-4000)}`);
  process.env[folderVariable] = folder;
  return () => rm(folder, { recursive: true, force: true });
}

/** The static Storybook the test run built. */
export const storybookFolder = () => {
  const folder = process.env[folderVariable];
  if (!folder) throw new Error(`${folderVariable} is not set: run this test through its Vitest project`);
  return folder;
};
