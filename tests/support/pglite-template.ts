import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '#server/db/client.ts';

/**
 * Creating and migrating a PGlite database takes seconds, and the tests start dozens of servers. So the test runs
 * migrate one once: a data folder that servers with their own folder start from as a copy, and a dump of it that
 * in-memory servers load.
 */
const folderVariable = 'GATEHOUSE_TEST_PGLITE_FOLDER';
const dumpVariable = 'GATEHOUSE_TEST_PGLITE_DUMP';

/** Vitest global setup: makes the template and passes it to the test workers through their environment. */
export default async function setup() {
  const root = await mkdtemp(path.join(tmpdir(), 'gatehouse-template-'));
  const folder = path.join(root, 'data');
  await (await openDatabase({ pgliteDir: folder })).close();
  const client = await PGlite.create(folder);
  const dump = await client.dumpDataDir('none');
  await client.close();
  await writeFile(path.join(root, 'dump.tar'), Buffer.from(await dump.arrayBuffer()));
  process.env[folderVariable] = folder;
  process.env[dumpVariable] = path.join(root, 'dump.tar');
  return () => rm(root, { recursive: true, force: true });
}

/** The migrated data folder to copy for a new server, when the test run made one. */
export const templateFolder = () => process.env[folderVariable] || undefined;

/** The migrated database as a dump for a new in-memory server, when the test run made one. */
export const templateDump = async () => {
  const file = process.env[dumpVariable];
  return file ? new Blob([await readFile(file)]) : undefined;
};
