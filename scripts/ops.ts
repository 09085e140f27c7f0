/**
 * `npm run ops -- <command> …`: operator commands on the deployment of this environment (DATABASE_URL or PGLITE_DIR,
 * as the server reads them). On PostgreSQL it works on the database directly. On PGlite it sends the command to the
 * running server through the loopback port and token the server wrote into the data folder, and opens the folder
 * itself only when no server holds it.
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../server/config.ts';
import { ensureSkus } from '../server/billing/skus.ts';
import { openDatabase } from '../server/db/client.ts';
import { OpsError, opsUsage, runOpsCommand } from '../server/ops/commands.ts';
import { opsFileGuard, opsFilePath } from '../server/ops/listener.ts';
import { createLocalPaymentProvider } from '../server/payments/local/provider.ts';

const argv = process.argv.slice(2);

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The running server's ops endpoint, when a live server holds the PGlite folder. */
const runningServer = async (pgliteDir: string) => {
  const text = await readFile(opsFilePath(pgliteDir), 'utf8').catch(() => undefined);
  const parsed = text === undefined ? undefined : opsFileGuard.safeParse(JSON.parse(text));
  return parsed?.success && isAlive(parsed.data.pid) ? parsed.data : undefined;
};

const viaServer = async (server: { url: string; token: string }) => {
  const response = await fetch(`${server.url}/ops`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ argv }),
  });
  const body = (await response.json()) as { result?: unknown; error?: string };
  if (!response.ok) throw new OpsError(body.error ?? `The server answered ${response.status}.`);
  return body.result;
};

const directly = async (config: ReturnType<typeof loadConfig>) => {
  const database = await openDatabase(config);
  try {
    await ensureSkus(database.db);
    return await runOpsCommand({ db: database.db, payments: createLocalPaymentProvider(database.db, config), edition: config.edition }, argv);
  } finally {
    await database.close();
  }
};

const main = async () => {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(opsUsage());
    return;
  }
  const config = loadConfig();
  const server = config.databaseUrl ? undefined : await runningServer(config.pgliteDir);
  const result = server ? await viaServer(server) : await directly(config);
  console.log(JSON.stringify(result, null, 2));
};

main().catch((error: unknown) => {
  console.error(error instanceof OpsError ? error.message : error);
  process.exit(1);
});
