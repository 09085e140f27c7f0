import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { defaultIdTokenSigningAlgorithm, idTokenSigningAlgorithms, type IdTokenSigningAlgorithm } from '#schemas/application.ts';
import type { Db } from '../db/client.ts';
import { generateId } from '../ids.ts';
import type { ServerKeys } from '../oidc/keys.ts';
import { lockTenant } from '../tenants.ts';
import { bumpRuntimeVersion, insertKeys, listKeys, retireSigningKeys, type KeyRow } from './store.ts';

/** The channel on which a change to a tenant's issuer is announced, with the tenant's id as payload. */
export const tenantChannel = 'gatehouse_tenant';

/** A tenant issuer's keys as oidc-provider takes them, as the console issuer's: signing JWKs (the current ones first) and cookie keys. */
export type TenantKeys = ServerKeys;

/** A signing key of the algorithm: EC P-256 for ES256, RSA of 2048 bits for RS256. */
const newSigningKey = async (alg: IdTokenSigningAlgorithm) => {
  const id = generateId();
  const { privateKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
  const jwk = { ...(await exportJWK(privateKey)), kid: id, alg, use: 'sig' };
  return { id, kind: 'signing' as const, alg, privateKey: jwk, status: 'current' as const };
};

/** A current signing key of each algorithm an app may choose for its ID tokens. */
const newSigningKeys = (algorithms: readonly IdTokenSigningAlgorithm[] = idTokenSigningAlgorithms) => Promise.all(algorithms.map(newSigningKey));

const newCookieKey = () => ({
  id: generateId(),
  kind: 'cookie' as const,
  privateKey: { kty: 'oct', k: randomBytes(32).toString('base64url') },
  status: 'current' as const,
});

/**
 * A new tenant's ES256 signing key and cookie key (tenant-runtime.md §7); call in the transaction that creates it. Its
 * RSA key takes a while to make, longer than a transaction should hold the database (PGlite has one connection), so
 * `loadTenantKeys` adds it afterwards, outside that transaction.
 */
export const createTenantKeys = async (tx: Db, tenantId: string) => insertKeys(tx, tenantId, [...(await newSigningKeys([defaultIdTokenSigningAlgorithm])), newCookieKey()]);

const statusOrder = { current: 0, next: 1, previous: 2 } as const;

const toTenantKeys = (rows: KeyRow[]): TenantKeys => {
  const ordered = [...rows].sort((a, b) => statusOrder[a.status] - statusOrder[b.status]);
  return {
    signing: ordered.filter((row) => row.kind === 'signing').map((row) => row.privateKey as JWK),
    cookies: ordered.filter((row) => row.kind === 'cookie').map((row) => String(row.privateKey.k)),
  };
};

/** What the tenant's keys lack: a current signing key of an algorithm, a cookie key. */
const missingKeys = (rows: KeyRow[]) => ({
  algorithms: idTokenSigningAlgorithms.filter(
    (alg) => !rows.some((row) => row.kind === 'signing' && row.status === 'current' && (row.alg ?? row.privateKey.alg) === alg),
  ),
  cookie: !rows.some((row) => row.kind === 'cookie'),
});
const isComplete = (rows: KeyRow[]) => {
  const missing = missingKeys(rows);
  return missing.algorithms.length === 0 && !missing.cookie;
};

/**
 * The tenant's keys. A new tenant, one made before keys existed, or before its issuer signed with an algorithm (RS256),
 * gets what it lacks now, under the tenant's lock, so that concurrent first requests (in any process) make one set. The
 * keys are generated before the lock (an RSA key takes a while), and dropped if another request stored its own first.
 */
export const loadTenantKeys = async (db: Db, tenantId: string): Promise<TenantKeys> => {
  const rows = await listKeys(db, tenantId);
  if (isComplete(rows)) return toTenantKeys(rows);
  const made = await newSigningKeys(missingKeys(rows).algorithms);
  return db.transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    const locked = await listKeys(tx, tenantId);
    if (isComplete(locked)) return toTenantKeys(locked);
    const missing = missingKeys(locked);
    const signing = await Promise.all(missing.algorithms.map((alg) => made.find((key) => key.alg === alg) ?? newSigningKey(alg)));
    await insertKeys(tx, tenantId, [...signing, ...(missing.cookie ? [newCookieKey()] : [])]);
    return toTenantKeys(await listKeys(tx, tenantId));
  });
};

/**
 * New current signing keys at once, one of each algorithm; those they replace stay published as the previous ones, so
 * tokens they signed still verify. Every process rebuilds the tenant's issuer.
 */
export const rotateSigningKey = async (db: Db, tenantId: string) => {
  const made = await newSigningKeys();
  await db.transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    await retireSigningKeys(tx, tenantId);
    await insertKeys(tx, tenantId, made);
    await bumpRuntimeVersion(tx, tenantId, tenantChannel);
  });
};
