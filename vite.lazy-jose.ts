import path from 'node:path';
import { redirectImport } from './vite.redirect-import.ts';

/**
 * @logto/client imports jose statically for its ID token check; this gives it src/auth/jose-on-demand.ts instead, which
 * loads jose when an ID token is first checked, in a chunk of its own rather than in the first screen's.
 */
export const lazyJose = () =>
  redirectImport('gatehouse-lazy-jose', 'jose', /[\\/]@logto[\\/]client[\\/]/, path.resolve(import.meta.dirname, 'src/auth/jose-on-demand.ts'));
