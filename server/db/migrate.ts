import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type SqlSession = {
  exec: (sql: string) => Promise<void>;
  names: (sql: string) => Promise<string[]>;
};
/** `withLock` runs the migrations on one connection that holds a lock, so concurrent starts apply them once. */
export type SqlRunner = { withLock: <T>(fn: (session: SqlSession) => Promise<T>) => Promise<T> };

const migrationsDir = path.join(import.meta.dirname, 'migrations');
const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Applies the committed SQL files of server/db/migrations in name order, each once and in its own transaction. */
export const migrate = (runner: SqlRunner) =>
  runner.withLock(async (session) => {
    await session.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set(await session.names('select name from schema_migrations'));
    const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
    for (const file of files.filter((name) => !applied.has(name))) {
      const sql = (await readFile(path.join(migrationsDir, file), 'utf8')).replaceAll('--> statement-breakpoint', '');
      await session.exec(`begin;\n${sql}\ninsert into schema_migrations (name) values (${quote(file)});\ncommit;`);
    }
  });
