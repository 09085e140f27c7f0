import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { generateId } from '../ids.ts';
import { signingAlgorithm, type ServerKeys } from '../oidc/keys.ts';
import { lockTenant } from '../tenants.ts';
import { bumpRuntimeVersion, insertKeys, listKeys, retireSigningKeys, type KeyRow } from './store.ts';

/** The channel on which a change to a tenant's issuer is announced, with the tenant's id as payload. */
export const tenantChannel = 'gatehouse_tenant';

/** A tenant issuer's keys as oidc-provider takes them, as the console issuer's: signing JWKs (the current one first) and cookie keys. */
export type TenantKeys = ServerKeys;

const newSigningKey = async () => {
  const id = generateId();
  const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: id, alg: signingAlgorithm, use: 'sig' };
  return { id, kind: 'signing' as const, alg: signingAlgorithm, privateKey: jwk, status: 'current' as const };
};

const newCookieKey = () => ({
  id: generateId(),
  kind: 'cookie' as const,
  privateKey: { kty: 'oct', k: randomBytes(32).toString('base64url') },
  status: 'current' as const,
});

/** A new tenant's signing key and cookie key (tenant-runtime.md §7); call in the transaction that creates it. */
export const createTenantKeys = async (tx: Db, tenantId: string) => insertKeys(tx, tenantId, [await newSigningKey(), newCookieKey()]);

const statusOrder = { current: 0, next: 1, previous: 2 } as const;

const toTenantKeys = (rows: KeyRow[]): TenantKeys => {
  const ordered = [...rows].sort((a, b) => statusOrder[a.status] - statusOrder[b.status]);
  return {
    signing: ordered.filter((row) => row.kind === 'signing').map((row) => row.privateKey as JWK),
    cookies: ordered.filter((row) => row.kind === 'cookie').map((row) => String(row.privateKey.k)),
  };
};

const isComplete = (keys: TenantKeys) => keys.signing.length > 0 && keys.cookies.length > 0;

/**
 * The tenant's keys. A tenant made before keys existed gets them now, under the tenant's lock, so that concurrent first
 * requests (in any process) make one set.
 */
export const loadTenantKeys = async (db: Db, tenantId: string): Promise<TenantKeys> => {
  const keys = toTenantKeys(await listKeys(db, tenantId));
  if (isComplete(keys)) return keys;
  return db.transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    const locked = toTenantKeys(await listKeys(tx, tenantId));
    if (isComplete(locked)) return locked;
    await insertKeys(tx, tenantId, [...(locked.signing.length ? [] : [await newSigningKey()]), ...(locked.cookies.length ? [] : [newCookieKey()])]);
    return toTenantKeys(await listKeys(tx, tenantId));
  });
};

/**
 * A new current signing key at once; the one it replaces stays published as the previous one, so tokens it signed
 * still verify. Every process rebuilds the tenant's issuer.
 */
export const rotateSigningKey = (db: Db, tenantId: string) =>
  db.transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    await retireSigningKeys(tx, tenantId);
    await insertKeys(tx, tenantId, [await newSigningKey()]);
    await bumpRuntimeVersion(tx, tenantId, tenantChannel);
  });
