import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tenantVerificationCodes as codes, type CodeIdentifierKind, type CodeUsage } from '#server/db/idp.ts';

/** A tenant's verification codes (idp.verification_codes), each query bound to the tenant. */

export type CodeRow = typeof codes.$inferSelect;
export type NewCode = Omit<typeof codes.$inferInsert, 'tenantId' | 'tryCount' | 'consumed'>;
export type CodeKey = { interactionId: string; usage: CodeUsage; identifierKind: CodeIdentifierKind; identifier: string };

const ofKey = (tenantId: string, key: CodeKey) =>
  and(
    eq(codes.tenantId, tenantId),
    eq(codes.interactionId, key.interactionId),
    eq(codes.usage, key.usage),
    eq(codes.identifierKind, key.identifierKind),
    eq(codes.identifier, key.identifier),
  );

/** The newest code of an interaction's identifier for a usage, locked for its check when `tx` is a transaction. */
export const latestCode = async (db: Db, tenantId: string, key: CodeKey, { forUpdate = false } = {}) => {
  const query = db.select().from(codes).where(ofKey(tenantId, key)).orderBy(desc(codes.createdAt)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
};

/** How many codes were sent to `identifier`, or for `client`, since `since` (the limits on sending). */
export const codesSentTo = (db: Db, tenantId: string, identifier: string, since: Date) =>
  db.select({ value: count() }).from(codes).where(and(eq(codes.tenantId, tenantId), eq(codes.identifier, identifier), gt(codes.createdAt, since)));
export const codesSentFor = (db: Db, tenantId: string, client: string, since: Date) =>
  db.select({ value: count() }).from(codes).where(and(eq(codes.tenantId, tenantId), eq(codes.client, client), gt(codes.createdAt, since)));

/** Voids the identifier's live codes for the usage (a new code replaces them), then stores the new one. */
export const replaceCode = async (db: Db, tenantId: string, code: NewCode) => {
  await db
    .update(codes)
    .set({ consumed: true })
    .where(and(eq(codes.tenantId, tenantId), eq(codes.usage, code.usage), eq(codes.identifier, code.identifier), eq(codes.consumed, false)));
  const [row] = await db
    .insert(codes)
    .values({ ...code, tenantId })
    .returning({ createdAt: codes.createdAt });
  return row!;
};

export const updateCode = async (db: Db, tenantId: string, id: string, patch: { consumed?: boolean; tryCount?: number }) => {
  await db
    .update(codes)
    .set(patch)
    .where(and(eq(codes.tenantId, tenantId), eq(codes.id, id)));
};
