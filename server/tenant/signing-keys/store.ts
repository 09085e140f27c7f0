import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { keys } from '#server/db/idp.ts';
import type { KeyRow } from '#server/tenant-runtime/store.ts';

/** The tenant's keys of a kind, oldest first; `locked` holds their rows until the transaction ends. */
export const listKeysOfKind = (db: Db, tenantId: string, kind: KeyRow['kind']) =>
  db
    .select()
    .from(keys)
    .where(and(eq(keys.tenantId, tenantId), eq(keys.kind, kind)))
    .orderBy(keys.createdAt, keys.id);

/** The tenant's keys, their rows locked until the transaction ends, so that processes promoting them agree. */
export const lockKeys = (tx: Db, tenantId: string) => tx.select().from(keys).where(eq(keys.tenantId, tenantId)).orderBy(keys.createdAt, keys.id).for('update');

export const setKeyStatus = async (db: Db, tenantId: string, ids: string[], status: KeyRow['status']) => {
  if (!ids.length) return;
  await db
    .update(keys)
    .set({ status })
    .where(and(eq(keys.tenantId, tenantId), inArray(keys.id, ids)));
};

export const deleteKeys = async (db: Db, tenantId: string, ids: string[]) => {
  if (!ids.length) return;
  await db.delete(keys).where(and(eq(keys.tenantId, tenantId), inArray(keys.id, ids)));
};

/** Tokens a process signed with a key since its last flush, and when the last of them expires (epoch seconds). */
export const addTokensSigned = async (db: Db, tenantId: string, keyId: string, count: number, lastExpiresAt: number | undefined) => {
  await db
    .update(keys)
    .set({
      tokensSigned: sql`${keys.tokensSigned} + ${count}`,
      ...(lastExpiresAt === undefined ? {} : { lastTokenExpiresAt: sql`greatest(${keys.lastTokenExpiresAt}, to_timestamp(${lastExpiresAt}))` }),
    })
    .where(and(eq(keys.tenantId, tenantId), eq(keys.id, keyId)));
};
