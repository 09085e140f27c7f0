import type { ReactNode } from 'react';
import classes from './TabLinks.module.css';

/** A row of tab links (LinkButtons with tabLinkProps), named by `label`; on a narrow screen it wraps rather than cut a tab. */
export function TabLinks({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className={classes.tabs}>
      {children}
    </nav>
  );
}
