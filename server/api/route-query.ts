import type { Context } from 'hono';
import * as z from 'zod/mini';
import { defaultPageSize, pagingQueryGuard } from '#schemas/paging.ts';
import type { Page } from '../tenant/list.ts';
import { invalidInput, type HttpError } from './errors.ts';

/** What a list route reads from its query: the page as limit and offset, the search text, and its own filters (Page). */
export type { Page };

type Shape = z.core.$ZodLooseShape;

const parsed = <Guard extends z.core.$ZodType>(guard: Guard, c: Context) => {
  const result = z.safeParse(guard, c.req.query());
  if (!result.success) throw invalidInput('The request query is invalid.', result.error);
  return result.data;
};

/** A list's query: the page as limit and offset, the search text, and the route's own filters. */
const listQueryReader = (filtersShape: Shape) => {
  const guard = z.extend(pagingQueryGuard, filtersShape);
  return (c: Context) => {
    const { page = 1, page_size: limit = defaultPageSize, q, ...filters } = parsed(guard, c) as z.output<typeof pagingQueryGuard> & Record<string, unknown>;
    return { limit, offset: (page - 1) * limit, q: q || undefined, filters };
  };
};

/**
 * The reader of a route's query, its guard built once: a list's (listQueryReader), or the parameters of `shape`; with
 * `refuse`, the route's own error for a query its guard refuses.
 */
export const queryReader = (shape: Shape | undefined, list: boolean | undefined, refuse?: (raw: Record<string, string>) => HttpError | undefined) => {
  const guard = shape ? z.object(shape) : undefined;
  const read = list ? listQueryReader(shape ?? {}) : guard ? (c: Context) => parsed(guard, c) : undefined;
  if (!read || !refuse) return read;
  return (c: Context) => {
    try {
      return read(c);
    } catch (error) {
      throw refuse(c.req.query()) ?? error;
    }
  };
};
