import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { serverSettings } from '../db/schema.ts';

const checkoutDelayKey = 'checkoutCompletionDelayMs';

/** The delay set with `npm run ops -- checkout-delay`, if any: it wins over CHECKOUT_COMPLETION_DELAY_MS. */
export const storedCheckoutDelay = async (db: Db): Promise<number | undefined> => {
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, checkoutDelayKey));
  return typeof row?.value === 'number' ? row.value : undefined;
};

/** Stores the delay for every server process; undefined goes back to the environment's setting. */
export const storeCheckoutDelay = async (db: Db, delayMs: number | undefined) => {
  if (delayMs === undefined) {
    await db.delete(serverSettings).where(eq(serverSettings.key, checkoutDelayKey));
    return;
  }
  await db
    .insert(serverSettings)
    .values({ key: checkoutDelayKey, value: delayMs })
    .onConflictDoUpdate({ target: serverSettings.key, set: { value: delayMs } });
};

/** How long after the payment a checkout completes: the stored delay, else the configured one, else 1 to 3 s. */
export const checkoutCompletionDelay = async (db: Db, config: Pick<ServerConfig, 'checkoutCompletionDelayMs'>) =>
  (await storedCheckoutDelay(db)) ?? config.checkoutCompletionDelayMs ?? randomInt(1000, 3001);
