import { jwsAlgorithmOf, type CookieKey, type OidcKeyType, type PrivateKey, type SigningKeyAlgorithm } from '#schemas/signing-keys.ts';
import type { Db } from '#server/db/client.ts';
import { ok } from '#server/result.ts';
import { tenantChannel } from '#server/tenant-runtime/channel.ts';
import { bumpRuntimeVersion, insertKeys, listKeys, type KeyRow } from '#server/tenant-runtime/store.ts';
import { lockTenant } from '#server/tenants.ts';
import { algOf, cookieOrder, duePromotions, effectiveRows, keystoreOrder } from './model.ts';
import * as store from './store.ts';

/** The rules of a tenant's private and cookie keys (signing-keys.md §2; the lanes of model.ts). */

export type SigningKeyRefusal =
  | { reason: 'oidc.invalid_request'; message: string }
  | { reason: 'oidc.key_not_found'; id: string }
  | { reason: 'oidc.key_required' | 'oidc.only_previous_key_can_be_deleted' };

/** A key made outside the transaction (an RSA key takes a while), with no status yet. */
export type MadeKey = Omit<KeyRow, 'tenantId' | 'status' | 'activatesAt' | 'createdAt' | 'tokensSigned' | 'lastTokenExpiresAt'>;

/** Tells every process that the tenant's keys changed: each rebuilds its issuer (tenant-runtime/pool.ts). */
const announce = (tx: Db, tenantId: string) => bumpRuntimeVersion(tx, tenantId, tenantChannel);

/**
 * Persists the promotions due at `now` (see `duePromotions`); the caller holds the tenant's lock, and the key rows are
 * locked as they are read, so that concurrent processes promote once and agree. Answers the keys as they now are.
 */
const promoteLocked = async (tx: Db, tenantId: string, now: number) => {
  const rows = await store.lockKeys(tx, tenantId);
  const due = duePromotions(rows, now);
  if (!due.length) return rows;
  await store.deleteKeys(tx, tenantId, due.flatMap(({ dropped }) => (dropped ? [dropped.id] : [])));
  await store.setKeyStatus(tx, tenantId, due.flatMap(({ retired }) => (retired ? [retired.id] : [])), 'previous');
  await store.setKeyStatus(tx, tenantId, due.map(({ promoted }) => promoted.id), 'current');
  await announce(tx, tenantId);
  return effectiveRows(rows, now);
};

/** The tenant's keys, a `next` key whose time has come made current first (lazily, on the first read after it). */
export const promoteDueKeys = async (db: Db, tenantId: string, now = Date.now()): Promise<KeyRow[]> => {
  const rows = await listKeys(db, tenantId);
  if (!duePromotions(rows, now).length) return rows;
  return db.transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    return promoteLocked(tx, tenantId, now);
  });
};

const toPrivateKey = (row: KeyRow): PrivateKey => {
  const algorithm = algOf(row);
  const signingKeyAlgorithm: SigningKeyAlgorithm = algorithm === jwsAlgorithmOf.RSA ? 'RSA' : 'EC';
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    signingKeyAlgorithm,
    jwsAlgorithm: algorithm,
    status: row.status === 'next' ? 'Next' : row.status === 'current' ? 'Current' : 'Previous',
    ...(row.status === 'next' && row.activatesAt ? { effectiveAt: row.activatesAt.toISOString() } : {}),
    tokensSigned: row.tokensSigned,
    lastTokenExpiresAt: row.lastTokenExpiresAt?.toISOString() ?? null,
  };
};

const toCookieKey = (row: KeyRow): CookieKey => ({ id: row.id, createdAt: row.createdAt.toISOString() });

/** The private keys as the API lists them: the current ones (the primary first), the next, the previous ones. */
export const privateKeysOf = (rows: readonly KeyRow[]) => keystoreOrder(rows).map(toPrivateKey);
/** The cookie keys as the API lists them: the one that signs first. */
export const cookieKeysOf = (rows: readonly KeyRow[]) => cookieOrder(rows).map(toCookieKey);

export const listPrivateKeys = async (db: Db, tenantId: string) => privateKeysOf(await promoteDueKeys(db, tenantId));
export const listCookieKeys = async (db: Db, tenantId: string) => cookieKeysOf(await listKeys(db, tenantId));

const nextPending = { ok: false, reason: 'oidc.invalid_request', message: 'A rotation is pending: wait until the next key is effective.' } as const;

/**
 * Rotates the lane of `made`'s algorithm, in a transaction holding the tenant's lock: at once (no grace) the new key
 * is current, the current one previous and the previous one dropped; with a grace period the new key is `next` until
 * then. Refused while a `next` key waits. Answers the key it made current or next, and the one it dropped.
 */
export const rotatePrivateKeys = async (tx: Db, tenantId: string, made: MadeKey, gracePeriod: number, now = Date.now()) => {
  const rows = await promoteLocked(tx, tenantId, now);
  if (rows.some((row) => row.kind === 'signing' && row.status === 'next')) return nextPending;
  const lane = rows.filter((row) => row.kind === 'signing' && algOf(row) === algOf(made));
  const activatesAt = new Date(now + gracePeriod * 1000);
  if (gracePeriod > 0) {
    await insertKeys(tx, tenantId, [{ ...made, status: 'next', activatesAt }]);
  } else {
    const dropped = lane.filter((row) => row.status === 'previous').map((row) => row.id);
    await store.deleteKeys(tx, tenantId, dropped);
    await store.setKeyStatus(tx, tenantId, lane.filter((row) => row.status === 'current').map((row) => row.id), 'previous');
    await insertKeys(tx, tenantId, [{ ...made, status: 'current', activatesAt }]);
  }
  await announce(tx, tenantId);
  return ok({ keys: privateKeysOf(await store.lockKeys(tx, tenantId)) });
};

/** A new cookie key signs from now on; the current one still verifies as the previous one; older ones are dropped. */
export const rotateCookieKeys = async (tx: Db, tenantId: string, made: MadeKey) => {
  const rows = await store.listKeysOfKind(tx, tenantId, 'cookie');
  await store.deleteKeys(tx, tenantId, rows.filter((row) => row.status !== 'current').map((row) => row.id));
  await store.setKeyStatus(tx, tenantId, rows.filter((row) => row.status === 'current').map((row) => row.id), 'previous');
  await insertKeys(tx, tenantId, [{ ...made, status: 'current' }]);
  await announce(tx, tenantId);
  return cookieKeysOf(await store.listKeysOfKind(tx, tenantId, 'cookie'));
};

/**
 * Deletes a previous key (signing-keys.md §2): an unknown id is not found; the only key of its lane (of its algorithm,
 * for private keys) is required; any other key that is not previous cannot be deleted. Answers the deleted key.
 */
export const deleteKey = async (tx: Db, tenantId: string, type: OidcKeyType, id: string, now = Date.now()) => {
  const kind = type === 'private-keys' ? 'signing' : 'cookie';
  const rows = (await promoteLocked(tx, tenantId, now)).filter((row) => row.kind === kind);
  const key = rows.find((row) => row.id === id);
  if (!key) return { ok: false, reason: 'oidc.key_not_found', id } as const;
  const lane = kind === 'signing' ? rows.filter((row) => algOf(row) === algOf(key)) : rows;
  if (lane.length === 1) return { ok: false, reason: 'oidc.key_required' } as const;
  if (key.status !== 'previous') return { ok: false, reason: 'oidc.only_previous_key_can_be_deleted' } as const;
  await store.deleteKeys(tx, tenantId, [id]);
  await announce(tx, tenantId);
  return ok(kind === 'signing' ? toPrivateKey(key) : toCookieKey(key));
};
