import * as z from 'zod/mini';
import type { ErrorCode } from '#schemas/error-codes.ts';
import { ApiError } from '#src/api/errors.ts';

/**
 * The message each field shows when its rule fails, in the person's language; the rule itself is the shared schema's.
 * A list's items share one message, under `*` for the index (`redirectUris.*`).
 */
export type FieldMessages = Record<string, string>;

/** Server codes that belong to one field of a form: code → [field, message]. */
export type FieldCodes = Partial<Record<ErrorCode, [string, string]>>;

const firstPerField = (issues: readonly { path: readonly PropertyKey[] | string; message: string }[], messages: FieldMessages) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[field] ??= messages[field] ?? messages[field.replace(/\.\d+(?=\.|$)/g, '.*')] ?? issue.message;
  }
  return errors;
};

/** A form validator from the schema the server reads, with the fields' own messages. */
export const schemaValidator =
  <Values>(schema: z.ZodMiniType, messages: FieldMessages) =>
  (values: Values): Record<string, string> => {
    const parsed = z.safeParse(schema, values);
    return parsed.success ? {} : firstPerField(parsed.error.issues, messages);
  };

const detailGuard = z.array(z.object({ path: z.string(), message: z.string() }));

/**
 * The field errors of a failed write: the server's `guard.invalid_input` details on their fields, and the codes that
 * belong to one field (`codes`: code → [field, message]). Undefined when the failure is not about a field.
 */
export function serverFieldErrors(error: unknown, messages: FieldMessages, codes: FieldCodes = {}) {
  if (!(error instanceof ApiError)) return undefined;
  const known = error.code && codes[error.code as ErrorCode];
  if (known) return { [known[0]]: known[1] };
  if (error.code !== 'guard.invalid_input') return undefined;
  const details = detailGuard.safeParse(error.body?.details);
  if (!details.success) return undefined;
  const errors = firstPerField(details.data.filter(({ path }) => path), messages);
  return Object.keys(errors).length ? errors : undefined;
}
