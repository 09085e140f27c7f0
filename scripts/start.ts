import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { consolePath } from '../schemas/constants.ts';
import { startServer } from '../server/app.ts';
import { loadConfigOrExit } from '../server/config.ts';
import { stopOnSignals } from '../server/signals.ts';

/** `npm start`: builds the console when it is missing or older than its sources, then runs the server in this process. */
const root = path.resolve(import.meta.dirname, '..');
// Everything the console's build reads: its code, the machines and schemas it shares, texts, static files and the build
// set-up (package-lock.json for dependency updates).
const consoleSources = [
  'src', 'machines', 'schemas', 'locales', 'public', 'index.html', 'lingui.config.ts',
  'vite.config.ts', 'vite.first-screen.ts', 'vite.mantine-styles.ts', 'vite.compress.ts', 'package-lock.json',
];

const newestModification = async (target: string): Promise<number> => {
  const info = await stat(target).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestModification(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
};

const buildConsoleIfStale = async (consoleDir: string) => {
  const built = (await stat(path.join(consoleDir, 'index.html')).catch(() => undefined))?.mtimeMs ?? 0;
  const sources = Math.max(...(await Promise.all(consoleSources.map((source) => newestModification(path.join(root, source))))));
  if (built >= sources) return;
  console.log(built ? 'Console sources changed; rebuilding the console…' : 'Building the console…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
};

const config = loadConfigOrExit();
await buildConsoleIfStale(config.consoleDir);
const server = await startServer(config);

console.log(`Gatehouse is running: ${config.publicUrl}${consolePath}`);
console.log(`Edition: ${config.edition}`);
console.log(server.databaseKind === 'postgres' ? 'Database: PostgreSQL (DATABASE_URL)' : `Data folder: ${config.pgliteDir}`);
if (server.devMailboxUrl) console.log(`Dev mailbox: ${server.devMailboxUrl}`);

stopOnSignals(server.close, console.log);
