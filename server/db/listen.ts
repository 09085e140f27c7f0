import pg from 'pg';

/**
 * Calls `onNotify` with the payload of each notification on the channel, and without one when notifications may have
 * been missed; the returned function stops listening.
 */
export type Listen = (channel: string, onNotify: (payload?: string) => void) => Promise<() => Promise<void>>;

const reconnectMs = 1000;

/**
 * LISTEN on a dedicated PostgreSQL connection (the pool's connections come and go). A lost connection is reopened
 * after a second; `onNotify` is then called once, since notifications sent meanwhile were missed.
 */
export const listenOnPostgres =
  (url: string): Listen =>
  async (channel, onNotify) => {
    let current: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let stopped = false;

    const lost = (client: pg.Client) => {
      if (client !== current) return;
      current = undefined;
      client.end().catch(() => undefined);
      if (stopped) return;
      retry = setTimeout(() => void open(true), reconnectMs);
      retry.unref();
    };

    const open = async (reconnect: boolean) => {
      const client = new pg.Client({ connectionString: url, keepAlive: true });
      current = client;
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload);
      });
      client.on('error', () => lost(client));
      client.on('end', () => lost(client));
      try {
        await client.connect();
        await client.query(`listen ${channel}`);
      } catch (error) {
        console.error(`listening on ${channel} failed; retrying`, error);
        lost(client);
        return;
      }
      if (reconnect) onNotify();
    };

    await open(false);
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    };
  };
