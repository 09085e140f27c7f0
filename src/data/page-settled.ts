import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services.ts';

/** Whether the page's first requests have answered; `subscribe` hears once, when they have. */
export type PageSettled = { isSettled: () => boolean; subscribe: (listener: () => void) => () => void };

/**
 * Settles once the routes of the URL have loaded (their loaders start the page's requests: its list, the member's
 * scopes) and no query is fetching any more. Requests of the shell that can come later wait for it, so that on a cold
 * load they do not go before the page's own.
 */
export function pageSettledAfter(routesLoaded: Promise<unknown>, queryClient: QueryClient): PageSettled {
  let settled = false;
  const listeners = new Set<() => void>();
  void routesLoaded
    .catch(() => {})
    .then(() => {
      let unsubscribe = () => {};
      const check = () => {
        if (settled || queryClient.isFetching() > 0) return;
        settled = true;
        unsubscribe();
        for (const listener of listeners) listener();
      };
      unsubscribe = queryClient.getQueryCache().subscribe(check);
      check();
    });
  return {
    isSettled: () => settled,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether the page's first requests have answered: the `enabled` of a shell query that can wait for them. */
export function usePageSettled(): boolean {
  const { pageSettled } = useServices();
  return useSyncExternalStore(pageSettled.subscribe, pageSettled.isSettled);
}
