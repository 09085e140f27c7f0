import { lazy, Suspense, useState, type ComponentType } from 'react';

/** A component whose code loads the first time it renders (inside a Suspense boundary). */
export const lazyComponent = <P extends object>(load: () => Promise<ComponentType<P>>) => lazy(async () => ({ default: await load() }));

/**
 * A dialog whose code loads the first time it opens, so that it stays off the first screen. Once loaded it stays
 * mounted, so its closing transition still runs.
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazyComponent(load);
  return function LazyDialog(props: P) {
    const [loaded, setLoaded] = useState(props.opened);
    if (props.opened && !loaded) setLoaded(true);
    return loaded ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}
