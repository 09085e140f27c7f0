import * as z from 'zod/mini';
import { pagingQueryGuard } from '../paging.ts';
import { searchReader } from './reader.ts';

const maxSearchLength = 256;

/**
 * The page and the search text of every list's URL, as the server reads them (pagingQueryGuard); page 1 and an empty
 * search are left out. The router reads `?q=123` as a number: it stays a search text, and a longer one is cut.
 */
export const listSearchShape = {
  page: z.pipe(pagingQueryGuard.shape.page, z.transform((page) => (page !== undefined && page > 1 ? page : undefined))),
  q: z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((q) => String(q).trim().slice(0, maxSearchLength) || undefined),
  ),
};

/** Reads a list's page and search text from the URL. */
export const readListSearch = searchReader(listSearchShape);
