/** Ctrl-C or a TERM signal closes the HTTP server and the database, then exits. */
export const stopOnSignals = (close: () => Promise<void>, log: (message: string) => void = () => undefined) => {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping…`);
    try {
      await close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};
