import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const scrollArea = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const mergeRefs = fileURLToPath(new URL('./src/ui/merge-refs.ts', import.meta.url));

/**
 * Mantine's ScrollArea (inside every Table, Select and Modal) takes only `useMergeRefs` from @floating-ui/react, and so
 * brought that whole package (about 15 kB gzip) to every page with a table. This gives it the same merge from Mantine's
 * own hooks (src/ui/merge-refs.ts), so the popover code loads only with popovers and tooltips.
 */
export function scrollAreaMergeRefs(): Plugin {
  return {
    name: 'gatehouse-scroll-area-merge-refs',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' && importer && scrollArea.test(importer) ? mergeRefs : undefined;
    },
  };
}
