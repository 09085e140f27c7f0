import type { ErrorCode } from '#schemas/error-codes.ts';
import type { Db } from './db/client.ts';

/**
 * What a domain function answers: its value, or why it refused, as the error code the route answers it with
 * (schemas/error-codes.ts) and what the answer needs. Routes turn refusals into HTTP errors; nothing here throws them.
 */
export type Result<Value, Refusal extends { reason: ErrorCode }> = { ok: true; value: Value } | ({ ok: false } & Refusal);

/** A refusal of one field's value, for a rule its guard cannot see; answered as guard.invalid_input naming the field. */
export type FieldRefusal = { reason: 'guard.invalid_input'; field: string; message: string };

export const ok = <Value>(value: Value) => ({ ok: true, value }) as const;

export const fieldRefused = (field: string, message: string) => ({ ok: false, reason: 'guard.invalid_input', field, message }) as const;

/** Carries a refusal out of a transaction, rolling back what the transaction wrote before it. */
class Rollback {
  readonly refusal: { ok: false; reason: ErrorCode };

  constructor(refusal: { ok: false; reason: ErrorCode }) {
    this.refusal = refusal;
  }
}

/** Runs `work` in a transaction of `db` that is rolled back when it answers a refusal, which it then answers. */
export const transactionResult = async <R extends { ok: true } | { ok: false; reason: ErrorCode }>(
  db: Db,
  work: (tx: Db) => Promise<R>,
): Promise<R> => {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      if (!result.ok) throw new Rollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.refusal as R;
    throw error;
  }
};
