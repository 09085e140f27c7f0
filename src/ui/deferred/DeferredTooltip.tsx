import type { RefObject } from 'react';
import { loadTopBarMenus } from './topBarMenus.ts';
import { useDeferred } from './useDeferred.ts';

/**
 * A hover tooltip for a control already named by its aria-label. It attaches to the control by ref once the top bar's
 * menus have loaded, so the control itself is never replaced.
 */
export function DeferredTooltip({ label, target }: { label: string; target: RefObject<HTMLElement | null> }) {
  const { value: menus } = useDeferred(loadTopBarMenus);
  return menus ? <menus.Tooltip label={label} target={target} /> : null;
}
