import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { defaultIdTokenSigningAlgorithm, idTokenSigningAlgorithms, type IdTokenSigningAlgorithm } from '#schemas/application.ts';
import type { Db } from '../db/client.ts';
import { generateId } from '../ids.ts';
import type { ServerKeys } from '../oidc/keys.ts';
import { promoteDueKeys } from '../tenant/signing-keys/domain.ts';
import { algOf, cookieOrder, keystoreOrder, nextActivation, primaryAlgorithm } from '../tenant/signing-keys/model.ts';
import { lockTenant } from '../tenants.ts';
import { tenantChannel } from './channel.ts';
import { bumpRuntimeVersion, insertKeys, listKeys, retireSigningKeys, type KeyRow } from './store.ts';

export { tenantChannel };

/**
 * A tenant issuer's keys as oidc-provider takes them, as the console issuer's: signing JWKs in keystore order (the
 * primary current key first) and cookie keys (the signing one first); with the primary lane's algorithm and key (they
 * sign access tokens and the ID tokens of apps that chose no algorithm), and when a `next` key becomes current.
 */
export type TenantKeys = ServerKeys & { algorithm: IdTokenSigningAlgorithm; signingKid: string | undefined; rebuildAt: number | undefined };

/** A signing key of the algorithm: EC P-256 for ES256, RSA of 2048 bits for RS256. */
export const newSigningKey = async (alg: IdTokenSigningAlgorithm) => {
  const id = generateId();
  const { privateKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
  const jwk = { ...(await exportJWK(privateKey)), kid: id, alg, use: 'sig' };
  return { id, kind: 'signing' as const, alg, privateKey: jwk, status: 'current' as const };
};

/** A current signing key of each algorithm an app may choose for its ID tokens. */
const newSigningKeys = (algorithms: readonly IdTokenSigningAlgorithm[] = idTokenSigningAlgorithms) => Promise.all(algorithms.map(newSigningKey));

export const newCookieKey = () => ({
  id: generateId(),
  kind: 'cookie' as const,
  alg: null,
  privateKey: { kty: 'oct', k: randomBytes(32).toString('base64url') },
  status: 'current' as const,
});

/**
 * A new tenant's ES256 signing key and cookie key (tenant-runtime.md §7); call in the transaction that creates it. Its
 * RSA key takes a while to make, longer than a transaction should hold the database (PGlite has one connection), so
 * `loadTenantKeys` adds it afterwards, outside that transaction.
 */
export const createTenantKeys = async (tx: Db, tenantId: string) => insertKeys(tx, tenantId, [...(await newSigningKeys([defaultIdTokenSigningAlgorithm])), newCookieKey()]);

const toTenantKeys = (rows: KeyRow[]): TenantKeys => {
  const signing = keystoreOrder(rows);
  const algorithm = primaryAlgorithm(rows);
  return {
    signing: signing.map((row) => row.privateKey as JWK),
    cookies: cookieOrder(rows).map((row) => String(row.privateKey.k)),
    algorithm,
    signingKid: signing.find((row) => row.status === 'current' && algOf(row) === algorithm)?.id,
    rebuildAt: nextActivation(rows),
  };
};

/** What the tenant's keys lack: a current signing key of an algorithm, a cookie key. */
const missingKeys = (rows: KeyRow[]) => ({
  algorithms: idTokenSigningAlgorithms.filter((alg) => !rows.some((row) => row.kind === 'signing' && row.status === 'current' && algOf(row) === alg)),
  cookie: !rows.some((row) => row.kind === 'cookie'),
});
const isComplete = (rows: KeyRow[]) => {
  const missing = missingKeys(rows);
  return missing.algorithms.length === 0 && !missing.cookie;
};

/**
 * The tenant's keys, a `next` key whose time has come promoted first. A new tenant, one made before keys existed, or
 * before its issuer signed with an algorithm (RS256), gets what it lacks now, under the tenant's lock, so that
 * concurrent first requests (in any process) make one set. The keys are generated before the lock (an RSA key takes a
 * while), and dropped if another request stored its own first.
 */
export const loadTenantKeys = async (db: Db, tenantId: string): Promise<TenantKeys> => {
  const rows = await promoteDueKeys(db, tenantId);
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
