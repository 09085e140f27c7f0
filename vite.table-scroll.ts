import { fileURLToPath } from 'node:url';
import { redirectImport } from './vite.redirect-import.ts';

/**
 * Mantine's Table carries its ScrollContainer as a static member, and with it ScrollArea (about 5 kB gzip) to every
 * page with a table. The console's tables scroll natively (src/ui/table/TableScroll.tsx), so Table gets a container
 * that says so (src/ui/table/no-scroll-container.ts); pickers and dialogs that use ScrollArea itself still load it.
 */
export const tableWithoutScrollArea = () =>
  redirectImport(
    'gatehouse-table-without-scroll-area',
    './TableScrollContainer.mjs',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]Table\.mjs$/,
    fileURLToPath(new URL('./src/ui/table/no-scroll-container.ts', import.meta.url)),
  );
