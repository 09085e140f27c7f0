import type { MiddlewareHandler } from 'hono';
import { HttpError, mediaTypeOf } from './errors.ts';

/**
 * Control characters (C0, DEL, C1) but tab, LF and CR, and lone surrogates: PostgreSQL refuses NUL and lone surrogates
 * in text and jsonb, and the others have no place in input.
 */
const controlInText = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;
/** A path is ids and names only: every control character is refused. */
const controlInPath = /\p{Cc}/u;

/** Whether a string anywhere in a parsed JSON value or form (keys included) holds a control character. */
export const hasControlText = (value: unknown) => {
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (controlInText.test(next)) return true;
    } else if (Array.isArray(next)) pending.push(...next);
    else if (typeof next === 'object' && next !== null) {
      for (const [key, item] of Object.entries(next)) pending.push(key, item);
    }
  }
  return false;
};

const invalidInput = (where: string) => new HttpError('guard.invalid_input', `The ${where} must not contain control characters.`);

/** The parsed body when it is JSON or a form; undefined when it is neither or does not parse (the route answers that). */
const parsedBody = async (c: Parameters<MiddlewareHandler>[0]) => {
  const type = mediaTypeOf(c);
  try {
    if (type === 'application/json') return JSON.parse(await c.req.text()) as unknown;
    if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') return await c.req.parseBody({ all: true });
  } catch {
    return undefined;
  }
  return undefined;
};

/**
 * Refuses control characters in the path (and so in every path parameter), the query and JSON or form bodies, for
 * every route, before any of it reaches a handler or the database. Bodies are read here within the size limits of
 * limitBodySize, which runs first; routes read the same parsed body from Hono's cache.
 */
export const refuseControlCharacters: MiddlewareHandler = async (c, next) => {
  if (controlInPath.test(c.req.path)) throw invalidInput('path');
  if (hasControlText(c.req.queries())) throw invalidInput('query');
  if (hasControlText(await parsedBody(c))) throw invalidInput('request body');
  return next();
};
