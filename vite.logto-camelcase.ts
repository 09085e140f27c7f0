import { fileURLToPath } from 'node:url';
import { redirectImport } from './vite.redirect-import.ts';

/**
 * @logto/js renames the keys of discovery and token answers with camelcase-keys, which brings camelcase, map-obj and
 * quick-lru (about 2.5 kB gzip) to the first screen for a dozen snake_case names. This gives it the one-level rename
 * it uses (src/auth/camelcase-keys.ts).
 */
export const logtoCamelcaseKeys = () =>
  redirectImport('gatehouse-logto-camelcase-keys', 'camelcase-keys', /[\\/]@logto[\\/]js[\\/]/, fileURLToPath(new URL('./src/auth/camelcase-keys.ts', import.meta.url)));
