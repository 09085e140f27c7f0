import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { serverKeys } from '../db/schema.ts';
import { generateId } from '../ids.ts';

export const signingAlgorithm = 'ES256';

export type ServerKeys = { signing: JWK[]; cookies: string[] };

/** Reads a key, creating it first when absent; the insert is a no-op when another process got there first. */
const loadOrCreate = async <T>(db: Db, id: string, create: () => Promise<T>): Promise<T> => {
  const read = async () => (await db.select().from(serverKeys).where(eq(serverKeys.id, id)).limit(1))[0]?.value as T | undefined;
  const existing = await read();
  if (existing !== undefined) return existing;
  await db.insert(serverKeys).values({ id, value: await create() }).onConflictDoNothing();
  return (await read())!;
};

const createSigningKey = async (): Promise<JWK[]> => {
  const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  return [{ ...(await exportJWK(privateKey)), kid: generateId(), alg: signingAlgorithm, use: 'sig' }];
};

const createCookieKeys = async (): Promise<string[]> => [randomBytes(32).toString('base64url')];

/** Signing keys (JWKS) and cookie keys live in the database: generated on the first start, loaded afterwards. */
export const loadServerKeys = async (db: Db): Promise<ServerKeys> => ({
  signing: await loadOrCreate(db, 'oidc.signing', createSigningKey),
  cookies: await loadOrCreate(db, 'oidc.cookies', createCookieKeys),
});

/** The members of a public JWK: EC (crv, x, y) or RSA (n, e). */
const publicMembers = ['kty', 'crv', 'x', 'y', 'n', 'e', 'kid', 'alg', 'use'] as const;

/** The public half of the signing keys, for verifying access tokens. */
export const publicJwks = (keys: ServerKeys) => ({
  keys: keys.signing.map((key) => Object.fromEntries(publicMembers.filter((member) => key[member] !== undefined).map((member) => [member, key[member]])) as JWK),
});
