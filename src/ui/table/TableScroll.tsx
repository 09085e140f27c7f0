import type { ReactNode } from 'react';
import classes from './TableScroll.module.css';

/**
 * A table's sideways scroll below 560 px of width, the browser's own: Mantine's Table.ScrollContainer brings ScrollArea
 * (about 5 kB gzip) to every page with a table, and is left out of the build (vite.table-scroll.ts).
 */
export function TableScroll({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={classes.scroll}>
      <div className={className ? `${classes.inner} ${className}` : classes.inner}>{children}</div>
    </div>
  );
}
