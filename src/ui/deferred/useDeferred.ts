import { useCallback, useEffect, useState } from 'react';

const interactionEvents = ['pointermove', 'pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * A modal dialog takes the focus when it opens (a page such as a connector's guide opens in one): that is the page
 * moving the focus, not someone using it, and nothing behind the dialog can be reached until it closes.
 */
const isModalFocus = (event: Event) => event.type === 'focusin' && event.target instanceof Element && event.target.closest('[aria-modal="true"]') !== null;

/** Calls `callback` once, at the first sign of someone using the page. */
function onFirstInteraction(callback: () => void) {
  const stop = () => {
    for (const type of interactionEvents) document.removeEventListener(type, fire, true);
  };
  function fire(event: Event) {
    if (isModalFocus(event)) return;
    stop();
    callback();
  }
  for (const type of interactionEvents) document.addEventListener(type, fire, { capture: true, passive: true });
  return stop;
}

// A swap in the middle of a click would take the element the click is meant for, so it waits for the release.
let pressed = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressed = true), true);
  for (const type of ['pointerup', 'pointercancel'] as const) document.addEventListener(type, () => (pressed = false), true);
}

function whenReleased(callback: () => void) {
  if (!pressed) return callback();
  const released = () => {
    document.removeEventListener('pointerup', released, true);
    document.removeEventListener('pointercancel', released, true);
    setTimeout(callback); // after the click that follows the release
  };
  document.addEventListener('pointerup', released, true);
  document.addEventListener('pointercancel', released, true);
}

/** `import()` once; after a failure (e.g. a new release replaced the file) the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/**
 * Code that only interaction needs (menus, tooltips): it loads at the first pointer move, key press, focus or touch
 * anywhere on the page, or when `request` is called, so it stays off the first screen yet is there by the time the
 * pointer reaches a menu.
 */
export function useDeferred<T>(load: () => Promise<T>): { value: T | undefined; request: () => void } {
  const [value, setValue] = useState(() => loaded.get(load) as T | undefined);
  const request = useCallback(() => {
    load().then(
      (module) => {
        loaded.set(load, module);
        whenReleased(() => setValue(() => module));
      },
      () => {}, // stays as it is; the next interaction asks again
    );
  }, [load]);
  useEffect(() => (value === undefined ? onFirstInteraction(request) : undefined), [value, request]);
  return { value, request };
}

/** Calls `callback` once the browser is idle, or after `timeout` ms at the latest; answers the cancel. */
export function whenIdle(callback: () => void, timeout: number): () => void {
  const idle = window.requestIdleCallback?.(callback, { timeout });
  const timer = idle === undefined ? setTimeout(callback, timeout) : undefined;
  return () => {
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
