import { loadConfig } from './config.ts';
import { startServer } from './app.ts';
import { stopOnSignals } from './signals.ts';

/** Plain server entry (no console build), used by tests; `npm start` runs scripts/start.ts instead. */
const config = loadConfig();
const server = await startServer(config);
console.log(`Gatehouse server listening on port ${server.port} (${config.edition}, ${server.databaseKind})`);
stopOnSignals(server.close);
