import type { Context } from 'hono';
import { totalNumberHeader } from '#schemas/paging.ts';

/** Answers one page of a list, with the number of all matching items in `Total-Number`. */
export const sendPage = <T>(c: Context, { items, total }: { items: T[]; total: number }) => {
  c.header(totalNumberHeader, String(total));
  return c.json(items);
};
