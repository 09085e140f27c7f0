import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; data: T };

/**
 * Data a page loads itself (when it needs what the route cannot know, such as the member's access): loading, failed
 * or loaded. `reload` keeps what is shown until the new data arrives, and joins a load already running.
 */
export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList): { loaded: Loaded<T>; reload: () => Promise<void> } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' });
  const running = useRef<Promise<void>>(undefined);
  const generation = useRef(0);
  // The caller names what `load` depends on.
  const run = useCallback(load, deps);

  const reload = useCallback(() => {
    if (running.current) return running.current;
    const current = generation.current;
    const settle = (next: Loaded<T>) => {
      if (generation.current === current) setLoaded(next);
    };
    const done = run().then(
      (data) => settle({ status: 'loaded', data }),
      (error: unknown) => settle({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    const tracked: Promise<void> = done.finally(() => {
      if (running.current === tracked) running.current = undefined;
    });
    running.current = tracked;
    return tracked;
  }, [run]);

  useEffect(() => {
    generation.current++;
    running.current = undefined;
    setLoaded({ status: 'loading' });
    void reload();
    return () => {
      generation.current++;
    };
  }, [reload]);

  return { loaded, reload };
}
