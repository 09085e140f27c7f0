import { useEffect, useRef, useState, type ReactNode } from 'react';
import { KeepFocus } from './KeepFocus.tsx';
import { loadTopBarMenus } from './topBarMenus.ts';
import { useDeferred } from './useDeferred.ts';

export type TopBarMenus = Awaited<ReturnType<typeof loadTopBarMenus>>;
export type MenuTriggerProps = {
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  onClick: () => void;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
};

type DeferredMenuProps = {
  /** The menu's trigger as it looks, named as in the real menu. */
  trigger: (props: MenuTriggerProps) => ReactNode;
  /** The real menu, once its code has loaded; `defaultOpened` when it was asked for before. */
  menu: (menus: TopBarMenus, defaultOpened: boolean) => ReactNode;
  /** For a menu that also opens on hover: the delay, in ms. */
  hoverOpenDelay?: number;
};

/**
 * A top-bar menu whose code loads after the first screen (see useDeferred). Until then only its trigger shows; a
 * click, Enter or Space on it (or resting the pointer on it, for a hover menu) loads the menu and opens it, and the
 * focus stays on the trigger. While the pointer rests on the trigger the swap waits for the hover delay, because the
 * new trigger would not see the pointer enter.
 */
export function DeferredMenu({ trigger, menu, hoverOpenDelay }: DeferredMenuProps) {
  const { value: menus, request } = useDeferred(loadTopBarMenus);
  const [asked, setAsked] = useState(false);
  const [hovering, setHovering] = useState(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
  const open = () => {
    setAsked(true);
    request();
  };
  const props: MenuTriggerProps = {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: open,
    onMouseEnter: () => {
      if (hoverOpenDelay === undefined) return;
      request();
      setHovering(true);
      hoverTimer.current = setTimeout(() => {
        setHovering(false);
        open();
      }, hoverOpenDelay);
    },
    onMouseLeave: () => {
      clearTimeout(hoverTimer.current);
      setHovering(false);
    },
  };
  return <KeepFocus>{menus && !hovering ? menu(menus, asked) : trigger(props)}</KeepFocus>;
}
