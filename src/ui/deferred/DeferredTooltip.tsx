import { useEffect, useState, type RefObject } from 'react';
import { loadTopBarMenus } from './topBarMenus.ts';
import { useDeferred } from './useDeferred.ts';

/** Shows while the pointer rests on the target, or while it has the keyboard focus. */
function useTooltipOpened(target: RefObject<HTMLElement | null>) {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const show = () => setOpened(true);
    const showOnKeyboardFocus = () => element.matches(':focus-visible') && setOpened(true);
    const hide = () => setOpened(false);
    const events = [['mouseenter', show], ['mouseleave', hide], ['focus', showOnKeyboardFocus], ['blur', hide], ['click', hide]] as const;
    for (const [type, listener] of events) element.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of events) element.removeEventListener(type, listener);
    };
  }, [target]);
  return opened;
}

/**
 * A tooltip for a control already named by its aria-label. It attaches to the control by ref once the top bar's menus
 * have loaded, so the control itself is never replaced. `shown` keeps it open whatever the pointer does (a click hides
 * it otherwise), e.g. while a copy button says it copied.
 */
export function DeferredTooltip({ label, target, shown = false }: { label: string; target: RefObject<HTMLElement | null>; shown?: boolean }) {
  const { value: menus } = useDeferred(loadTopBarMenus);
  const opened = useTooltipOpened(target) || shown;
  // hideDetached: the top bar never scrolls away (see TenantSwitcher).
  return menus ? <menus.Tooltip label={label} target={target} opened={opened} hideDetached={false} /> : null;
}
