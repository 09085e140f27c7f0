import { postgresError, uniqueViolation } from '#server/db/errors.ts';
import { ok, type Result } from '#server/result.ts';

/** The refusals every entity of a tenant shares. */

/** An id (or name) the tenant has no entity of. */
export type NotExists = { reason: 'entity.not_exists_with_id'; id: string };

export const notExists = (id: string) => ({ ok: false, reason: 'entity.not_exists_with_id', id }) as const;

/** `row`, or refused as not existing when the tenant has none (a link removed answers whether it was there). */
export const found = <Row>(row: Row | undefined | false, id: string): Result<Row, NotExists> => (row === undefined || row === false ? notExists(id) : ok(row));

/** What `write` answers, or `refusal` when it fails the unique constraint `constraint`. */
export const uniqueOr = async <Value, Refusal extends { ok: false }>(write: Promise<Value>, constraint: string, refusal: Refusal) => {
  try {
    return ok(await write);
  } catch (caught) {
    const { code, constraint: failed } = postgresError(caught);
    if (code === uniqueViolation && failed === constraint) return refusal;
    throw caught;
  }
};

/**
 * The distinct `ids`, refused for the first one that is not among the tenant's `rows`, or whose row `refused` names a
 * refusal for.
 */
export const idsOf = <Row extends { id: string }, Refusal extends { ok: false } = never>(
  ids: readonly string[],
  rows: readonly Row[],
  refused: (row: Row) => Refusal | undefined = () => undefined,
) => {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) return notExists(id);
    const refusal = refused(row);
    if (refusal) return refusal;
  }
  return ok([...new Set(ids)]);
};
