import { useNavigate } from '@tanstack/react-router';
import { listQueryOf, type ListSearch } from '#schemas/paging.ts';

/**
 * A list's page, search text and filters, as its route read them from the URL (the route's `validateSearch`, from
 * schemas/list-search/), and the setters that change them: a new search or filter goes back to page 1, and each
 * replaces the history entry rather than adding one.
 */
export function useListSearch<Search extends ListSearch>(search: Search, pageSize?: number) {
  const navigate = useNavigate();
  const go = (next: Partial<Search>) => void navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, ...next }), replace: true });
  return {
    search,
    query: listQueryOf(search, pageSize),
    setQ: (q: string) => q !== (search.q ?? '') && go({ q: q || undefined, page: undefined } as Partial<Search>),
    setPage: (page: number) => go({ page: page > 1 ? page : undefined } as Partial<Search>),
    /** Another filter of the list (a type, a status, …); like a new search, it goes back to page 1. */
    setFilter: (filter: Partial<Search>) => go({ ...filter, page: undefined }),
  };
}

export type ListSearchState<Search extends ListSearch = ListSearch> = ReturnType<typeof useListSearch<Search>>;
