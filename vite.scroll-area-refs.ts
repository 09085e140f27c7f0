import { fileURLToPath } from 'node:url';
import { redirectImport } from './vite.redirect-import.ts';

/**
 * Mantine's ScrollArea (inside every Table, Select and Modal) takes only `useMergeRefs` from @floating-ui/react, and so
 * brought that whole package (about 15 kB gzip) to every page with a table. This gives it the same merge from Mantine's
 * own hooks (src/ui/merge-refs.ts), so the popover code loads only with popovers and tooltips.
 */
export const scrollAreaMergeRefs = () =>
  redirectImport(
    'gatehouse-scroll-area-merge-refs',
    '@floating-ui/react',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    fileURLToPath(new URL('./src/ui/merge-refs.ts', import.meta.url)),
  );
