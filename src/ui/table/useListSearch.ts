import { useNavigate, useSearch } from '@tanstack/react-router';
import { listQueryOf, readListSearch, type ListSearch } from '#schemas/paging.ts';

/**
 * A list's page and search text, kept in the URL of the current route: a new search goes back to page 1, and both
 * replace the history entry rather than adding one.
 */
export function useListSearch(pageSize?: number) {
  const search = readListSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const go = (next: ListSearch & Record<string, unknown>) => void navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, ...next }), replace: true });
  return {
    search,
    query: listQueryOf(search, pageSize),
    setQ: (q: string) => q !== (search.q ?? '') && go({ q: q || undefined, page: undefined }),
    setPage: (page: number) => go({ page: page > 1 ? page : undefined }),
    /** Another filter of the list in the URL (a type, …); like a new search, it goes back to page 1. */
    setFilter: (filter: Record<string, unknown>) => go({ ...filter, page: undefined }),
  };
}
