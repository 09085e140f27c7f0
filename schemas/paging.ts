import * as z from 'zod/mini';

export const defaultPageSize = 20;
export const maxPageSize = 100;
/** The response header of every list: how many items match, across all pages. */
export const totalNumberHeader = 'Total-Number';
/** Set to `true` when `Total-Number` stopped at a count cap: there are more items than it says. */
export const totalNumberIsCappedHeader = 'Total-Number-Is-Capped';

const positive = (max?: number) =>
  z.optional(z.coerce.number().check(z.int(), z.minimum(1), ...(max === undefined ? [] : [z.maximum(max)])));

/** Query of every management list: `page` from 1, `page_size` up to 100, and the search text `q`. */
export const pagingQueryGuard = z.object({
  page: positive(),
  page_size: positive(maxPageSize),
  q: z.optional(z.string().check(z.trim(), z.maxLength(256))),
});
export type PagingQuery = z.infer<typeof pagingQueryGuard>;

/** A list's search in the console's URL (schemas/list-search/list.ts reads it): the page (from 1) and the search text. */
export type ListSearch = { page?: number; q?: string };

/** What the console asks a list for. */
export type ListQuery = { page: number; pageSize: number; q?: string };

export const listQueryOf = ({ page = 1, q }: ListSearch, pageSize = defaultPageSize): ListQuery => ({ page, pageSize, ...(q ? { q } : {}) });
