/**
 * The server test files the PostgreSQL pass of `npm test` runs again. PGlite is PostgreSQL's own engine, so a file's
 * result differs between the two only where it leans on what one process with one connection cannot show: several
 * connections or processes, row locks under concurrent writes, LISTEN/NOTIFY, named statements, the planner's
 * statistics. Such a file says so with a line `// PostgreSQL pass: <why>`, or names `postgresUrl` for tests of its
 * own that run only there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const marks = ['// PostgreSQL pass:', 'postgresUrl', 'freshPostgresSchema'];

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [],
  );

export const postgresPassFiles = (root: string) =>
  testFiles(join(root, 'tests/server'))
    .filter((file) => marks.some((mark) => readFileSync(file, 'utf8').includes(mark)))
    .map((file) => relative(root, file));
