import { defaultIdTokenSigningAlgorithm, idTokenSigningAlgorithms, type IdTokenSigningAlgorithm } from '#schemas/application.ts';
import type { KeyRow } from '#server/tenant-runtime/store.ts';

/**
 * How a tenant's private keys fit Logto's Next/Current/Previous model while apps may choose ES256 or RS256 ID tokens
 * (issue 21): each JWS algorithm is a lane of its own, with at most one key of each status. A rotation of the
 * algorithm `EC` (ES256) or `RSA` (RS256) rotates that lane only; the other lane's current key keeps signing the ID
 * tokens of the apps that chose its algorithm. The lane whose current key became current last is the tenant's
 * primary one: it signs access tokens, and the ID tokens of apps that chose no algorithm. Rotating to `RSA` thus moves
 * the tenant's tokens to RS256 (scenario B) while the ES256 key stays for the apps that asked for it.
 */

export const algOf = (row: Pick<KeyRow, 'alg' | 'privateKey'>): IdTokenSigningAlgorithm => (row.alg ?? row.privateKey.alg ?? defaultIdTokenSigningAlgorithm) as IdTokenSigningAlgorithm;

/** The status changes that a `next` key whose time has come makes in its lane. */
export type Promotion = { promoted: KeyRow; retired?: KeyRow; dropped?: KeyRow };

/** What the due `next` keys change at `now`: each becomes current, the current of its lane previous, the previous goes. */
export const duePromotions = (rows: readonly KeyRow[], now: number): Promotion[] =>
  rows
    .filter((row) => row.kind === 'signing' && row.status === 'next' && row.activatesAt && row.activatesAt.getTime() <= now)
    .map((promoted) => {
      const lane = rows.filter((row) => row.kind === 'signing' && algOf(row) === algOf(promoted));
      return { promoted, retired: lane.find((row) => row.status === 'current'), dropped: lane.find((row) => row.status === 'previous') };
    });

/** The rows as they are at `now`, due promotions applied (what every process computes alike before persisting it). */
export const effectiveRows = (rows: readonly KeyRow[], now: number): KeyRow[] => {
  const changes = new Map<string, KeyRow['status'] | undefined>();
  for (const { promoted, retired, dropped } of duePromotions(rows, now)) {
    changes.set(promoted.id, 'current');
    if (retired) changes.set(retired.id, 'previous');
    if (dropped) changes.set(dropped.id, undefined);
  }
  return rows.flatMap((row) => {
    if (!changes.has(row.id)) return [row];
    const status = changes.get(row.id);
    return status ? [{ ...row, status }] : [];
  });
};

const becameCurrentAt = (row: KeyRow) => row.activatesAt?.getTime() ?? Number.NEGATIVE_INFINITY;

/** The algorithm of the tenant's primary lane: the current key made current last (ES256 among keys never rotated). */
export const primaryAlgorithm = (rows: readonly KeyRow[]): IdTokenSigningAlgorithm => {
  const current = rows.filter((row) => row.kind === 'signing' && row.status === 'current');
  const ranked = current.toSorted(
    (a, b) => becameCurrentAt(b) - becameCurrentAt(a) || idTokenSigningAlgorithms.indexOf(algOf(a)) - idTokenSigningAlgorithms.indexOf(algOf(b)),
  );
  return ranked[0] ? algOf(ranked[0]) : defaultIdTokenSigningAlgorithm;
};

const statusOrder = { current: 0, next: 1, previous: 2 } as const;

/**
 * The signing keys in the order oidc-provider selects them by (the first of an algorithm signs): the primary current
 * key, the other current ones, then the next and the previous ones, which are only published.
 */
export const keystoreOrder = (rows: readonly KeyRow[]): KeyRow[] => {
  const primary = primaryAlgorithm(rows);
  const rank = (row: KeyRow) => statusOrder[row.status] * 2 + (algOf(row) === primary ? 0 : 1);
  return rows.filter((row) => row.kind === 'signing').toSorted((a, b) => rank(a) - rank(b));
};

/** The cookie keys, the current one (the one that signs) first, then the newest. */
export const cookieOrder = (rows: readonly KeyRow[]): KeyRow[] =>
  rows.filter((row) => row.kind === 'cookie').toSorted((a, b) => statusOrder[a.status] - statusOrder[b.status] || b.createdAt.getTime() - a.createdAt.getTime());

/** When the next `next` key becomes current, as an epoch time: a cached issuer is rebuilt then. */
export const nextActivation = (rows: readonly KeyRow[]) => {
  const times = rows.filter((row) => row.status === 'next' && row.activatesAt).map((row) => row.activatesAt!.getTime());
  return times.length ? Math.min(...times) : undefined;
};
