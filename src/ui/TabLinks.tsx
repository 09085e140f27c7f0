import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import classes from './TabLinks.module.css';

/**
 * A row of tab links (LinkButtons with tabLinkProps), named by `label`: one line, scrolling sideways when it is too wide,
 * with the current tab scrolled into view.
 */
export function TabLinks({ label, children }: { label: string; children: ReactNode }) {
  const row = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useLayoutEffect(() => {
    const current = row.current?.querySelector('[aria-current="page"]');
    const box = row.current?.getBoundingClientRect();
    const tab = current?.getBoundingClientRect();
    if (box && tab && (tab.left < box.left || tab.right > box.right)) current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={row} aria-label={label} className={classes.tabs}>
      {children}
    </nav>
  );
}
