import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services.ts';

/** Whether the page's first requests have answered; `subscribe` hears once, when they have. */
export type PageSettled = { isSettled: () => boolean; subscribe: (listener: () => void) => () => void };

/** Once the browser is idle after the next frame: React has rendered what the answers show, and it is painted. */
const afterNextPaint = (callback: () => void) => {
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(callback) : setTimeout(callback));
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(whenIdle));
  else whenIdle();
};

/**
 * Settles once the routes of the URL have loaded (their loaders start the page's requests: its list, the member's
 * scopes) and no query is fetching any more, a frame later. Requests of the shell that can come later wait for it, so
 * that on a cold load they do not go before the page's own, nor before it shows.
 */
export function pageSettledAfter(routesLoaded: Promise<unknown>, queryClient: QueryClient): PageSettled {
  let settled = false;
  const listeners = new Set<() => void>();
  void routesLoaded
    .catch(() => {})
    .then(() => {
      let done = false;
      let unsubscribe = () => {};
      const check = () => {
        if (done || queryClient.isFetching() > 0) return;
        done = true;
        unsubscribe();
        // After the frame that shows the answers: the page paints before the later requests start.
        afterNextPaint(() => {
          settled = true;
          for (const listener of listeners) listener();
        });
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
