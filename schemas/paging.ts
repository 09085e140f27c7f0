import * as z from 'zod/mini';

export const defaultPageSize = 20;
export const maxPageSize = 100;
/** The response header of every list: how many items match, across all pages. */
export const totalNumberHeader = 'Total-Number';

const positive = (max?: number) =>
  z.optional(z.coerce.number().check(z.int(), z.minimum(1), ...(max === undefined ? [] : [z.maximum(max)])));

/** Query of every management list: `page` from 1, `page_size` up to 100, and the search text `q`. */
export const pagingQueryGuard = z.object({
  page: positive(),
  page_size: positive(maxPageSize),
  q: z.optional(z.string().check(z.trim(), z.maxLength(256))),
});
export type PagingQuery = z.infer<typeof pagingQueryGuard>;
