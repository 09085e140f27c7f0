import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod/mini';
import { en } from 'zod/locales';
import type { ErrorBody } from '#schemas/error.ts';
import { errorStatuses, type ErrorCode, type ErrorStatus } from '#schemas/error-codes.ts';
import { quotaExceededMessage, type PlanQuota } from '#schemas/quota.ts';
import type { FieldRefusal, Result } from '../result.ts';

/**
 * An HTTP error answer, thrown by routes and middleware; answered as `{ code, message, details? }` (spec 01 §3) with
 * the status of its code (schemas/error-codes.ts).
 */
export class HttpError extends Error {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.status = errorStatuses[code];
    this.code = code;
    this.details = details;
  }
}

/**
 * What a route answers for each reason its domain may refuse with: a message, or one made of the refusal. A refused
 * field needs none: it is answered as guard.invalid_input naming the field.
 */
export type RefusalMessages<Refusal extends { reason: ErrorCode }> = {
  [Reason in Exclude<Refusal, FieldRefusal>['reason']]: string | ((refusal: Extract<Refusal, { reason: Reason }>) => string);
};

/** 400 guard.invalid_input naming one field, for a rule the guard cannot see (the app's type, the clock, two fields). */
export const invalidField = (path: string, message: string, part: 'body' | 'query' | 'path' = 'body') =>
  new HttpError('guard.invalid_input', `The request ${part} is invalid.`, [{ path, code: 'custom', message }]);

/**
 * The value of a domain result, or its refusal answered as the HTTP error of its reason (with the refusal's details);
 * a refused field as guard.invalid_input.
 */
export const answered = <Value, Refusal extends { reason: ErrorCode; details?: unknown }>(
  result: Result<Value, Refusal>,
  messages: RefusalMessages<Refusal>,
): Value => {
  if (result.ok) return result.value;
  if (result.reason === 'guard.invalid_input' && 'field' in result) {
    const { field, message } = result as unknown as FieldRefusal;
    throw invalidField(field, message);
  }
  const message: string | ((refusal: never) => string) = messages[result.reason as Exclude<Refusal, FieldRefusal>['reason']];
  throw new HttpError(result.reason, typeof message === 'function' ? message(result as never) : message, result.details);
};

/** `answered` with one route module's messages, for every result of its domain. */
export const answering =
  <Refusal extends { reason: ErrorCode; details?: unknown }>(messages: RefusalMessages<Refusal>) =>
  <Value, Refused extends Refusal>(result: Result<Value, Refused>): Value =>
    answered(result, messages as RefusalMessages<Refused>);

export const errorResponse = (c: Context, error: HttpError) => {
  const body: ErrorBody = { code: error.code, message: error.message };
  if (error.details !== undefined) body.details = error.details;
  return c.json(body, error.status as ContentfulStatusCode);
};

/** 403 with the spec's quota error (spec 01 §8) naming the keys exceeded and their limits. */
export const quotaExceeded = (exceeded: Partial<PlanQuota>) => new HttpError('subscription.quota_exceeded', quotaExceededMessage(exceeded));

export const accountNotFoundMessage = 'The account of this token no longer exists.';
export const accountNotFound = () => new HttpError('auth.account_not_found', accountNotFoundMessage);

// The shared schemas use zod/mini, which has no messages of its own: the server answers schema violations in English.
z.config(en());

/**
 * 400 guard.invalid_input: the message names each issue in words ("… username: A username starts with …"), and the
 * details list them with their path and code (and, for unknown keys, the keys).
 */
export const invalidInput = (message: string, error: z.core.$ZodError) => {
  const issues = error.issues.map((issue) => ({
    path: issue.path.join('.'),
    code: issue.code,
    message: issue.message,
    // An object that refuses unknown keys names them (a profile's `givenname` for `givenName`).
    ...(issue.code === 'unrecognized_keys' ? { keys: issue.keys } : {}),
  }));
  const reasons = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
  return new HttpError('guard.invalid_input', reasons.length > 0 ? `${message} ${reasons.join('; ')}` : message, issues);
};

/** The media type of the request body, without parameters, in lower case. */
export const mediaTypeOf = (c: Context) => (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Reads and validates a JSON body: wrong content type, malformed JSON and schema violations are all 400. Its size is
 * limited, and control characters refused, by the app-wide middleware before it gets here.
 */
export const readJson = async <Schema extends z.core.$ZodType>(c: Context, guard: Schema): Promise<z.output<Schema>> => {
  if (mediaTypeOf(c) !== 'application/json') {
    throw new HttpError('guard.invalid_content_type', 'The request body must be JSON (Content-Type: application/json).');
  }
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError('guard.invalid_json', 'The request body is not valid JSON.');
  }
  const parsed = z.safeParse(guard, value);
  if (!parsed.success) throw invalidInput('The request body is invalid.', parsed.error);
  return parsed.data;
};
