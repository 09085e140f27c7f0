import { loadConfig } from './config.ts';
import { startServer } from './app.ts';

/** Plain server entry (no console build); `npm start` runs scripts/start.ts instead. */
const config = loadConfig();
const server = await startServer(config);
console.log(`Gatehouse server listening on port ${server.port} (${config.edition}, ${server.databaseKind})`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
