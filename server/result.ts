import type { ErrorCode } from '#schemas/error-codes.ts';

/**
 * What a domain function answers: its value, or why it refused, as the error code the route answers it with
 * (schemas/error-codes.ts) and what the answer needs. Routes turn refusals into HTTP errors; nothing here throws them.
 */
export type Result<Value, Refusal extends { reason: ErrorCode }> = { ok: true; value: Value } | ({ ok: false } & Refusal);

/** A refusal of one field's value, for a rule its guard cannot see; answered as guard.invalid_input naming the field. */
export type FieldRefusal = { reason: 'guard.invalid_input'; field: string; message: string };

export const ok = <Value>(value: Value) => ({ ok: true, value }) as const;

export const fieldRefused = (field: string, message: string) => ({ ok: false, reason: 'guard.invalid_input', field, message }) as const;
