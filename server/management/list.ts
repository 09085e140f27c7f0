import type { Context } from 'hono';
import * as z from 'zod/mini';
import { defaultPageSize, pagingQueryGuard, totalNumberHeader } from '#schemas/paging.ts';
import { invalidInput } from '../api/errors.ts';

/**
 * The reader of a list route's query, its guard built once: the page as limit and offset, the search text, and the
 * route's own filters.
 */
export const listQueryReader = <Shape extends z.core.$ZodLooseShape>(filtersShape: Shape = {} as Shape) => {
  const guard = z.extend(pagingQueryGuard, filtersShape);
  return (c: Context) => {
    const parsed = z.safeParse(guard, c.req.query());
    if (!parsed.success) throw invalidInput('The request query is invalid.', parsed.error);
    const { page = 1, page_size: limit = defaultPageSize, q, ...filters } = parsed.data as z.output<typeof pagingQueryGuard> &
      Record<string, unknown>;
    return { limit, offset: (page - 1) * limit, q: q || undefined, filters: filters as z.output<z.ZodMiniObject<Shape>> };
  };
};

/** The query of a list route without filters of its own. */
export const readQuery = listQueryReader();

/** Answers one page of a list, with the number of all matching items in `Total-Number`. */
export const sendPage = <T>(c: Context, { items, total }: { items: T[]; total: number }) => {
  c.header(totalNumberHeader, String(total));
  return c.json(items);
};
