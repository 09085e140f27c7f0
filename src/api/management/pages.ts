import * as z from 'zod/mini';
import { maxPageSize, type ListQuery } from '#schemas/paging.ts';
import type { Page } from '../client.ts';

/** A page of a management list, each item read through its guard. */
export const pageOf = <T>(guard: z.ZodMiniType<T>, page: Page<unknown>): Page<T> => ({ ...page, items: z.array(guard).parse(page.items) });

/** The search of a list request: `q` when there is one. */
export const searchOf = (q: string | undefined): Record<string, string> => (q ? { q } : {});

/** Every item of a paged list, read a full page at a time: for the pickers, which show the whole list. */
export async function allPages<T>(readPage: (query: ListQuery) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const next = await readPage({ page, pageSize: maxPageSize });
    items.push(...next.items);
    if (next.items.length < maxPageSize || items.length >= next.total) return items;
  }
}
