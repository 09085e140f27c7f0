import type { Db } from '../db/client.ts';
import { addTokensSigned } from '../tenant/signing-keys/store.ts';

/** How long counts wait before they are written, as the token usage's (usage.ts): a burst costs one write per key. */
export const keyUsageFlushMs = 1000;

/**
 * Tokens signed per key (signing-keys.md §5, idea 1), counted in memory and added to `idp.keys.tokens_signed` a second
 * after the first one of a batch and when the server stops, with the latest expiry of the tokens counted.
 */
export const createKeyUsageCounter = (db: Db) => {
  const pending = new Map<string, { tenantId: string; keyId: string; count: number; lastExpiresAt: number | undefined }>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()];
    pending.clear();
    writing = writing.then(async () => {
      for (const { tenantId, keyId, count, lastExpiresAt } of batch) {
        await addTokensSigned(db, tenantId, keyId, count, lastExpiresAt).catch((error: unknown) =>
          console.error(`counting the tokens key ${keyId} of tenant ${tenantId} signed failed`, error),
        );
      }
    });
    return writing;
  };

  /** One token the tenant's key signed, expiring at `expiresAt` (epoch seconds) when it says. */
  const count = (tenantId: string, keyId: string, expiresAt: number | undefined) => {
    const id = `${tenantId}/${keyId}`;
    const entry = pending.get(id) ?? { tenantId, keyId, count: 0, lastExpiresAt: undefined };
    entry.count += 1;
    if (expiresAt !== undefined && (entry.lastExpiresAt === undefined || expiresAt > entry.lastExpiresAt)) entry.lastExpiresAt = expiresAt;
    pending.set(id, entry);
    timer ??= setTimeout(() => void flush(), keyUsageFlushMs).unref();
  };

  return { count, flush };
};

export type KeyUsageCounter = ReturnType<typeof createKeyUsageCounter>;
