import { loadConfigOrExit } from './config.ts';
import { startServer } from './app.ts';
import { stopOnSignals } from './signals.ts';

/** Plain server entry (no console build), used by tests; `npm start` runs scripts/start.ts instead. */
const config = loadConfigOrExit();
const server = await startServer(config);
console.log(`Gatehouse server listening on port ${server.port} (${config.edition}, ${server.databaseKind})`);
if (server.devMailboxUrl) console.log(`Dev mailbox: ${server.devMailboxUrl}`);
stopOnSignals(server.close);
