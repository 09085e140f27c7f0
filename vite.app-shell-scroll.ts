import { fileURLToPath } from 'node:url';
import { redirectImport } from './vite.redirect-import.ts';

/**
 * Mantine's AppShell takes only `RemoveScroll.classNames` from react-remove-scroll, and so brought the whole scroll
 * lock (about 5 kB gzip) to the first screen. This gives it those class names alone (src/ui/app-shell-scroll.ts);
 * the modals, in later chunks, still import the package itself.
 */
export const appShellScrollClasses = () =>
  redirectImport(
    'gatehouse-app-shell-scroll-classes',
    'react-remove-scroll',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/,
    fileURLToPath(new URL('./src/ui/app-shell-scroll.ts', import.meta.url)),
  );
