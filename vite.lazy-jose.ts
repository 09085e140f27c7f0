import path from 'node:path';
import type { Plugin } from 'vite';

const onDemand = path.resolve(import.meta.dirname, 'src/auth/jose-on-demand.ts');
const logtoClient = /[\\/]@logto[\\/]client[\\/]/;

/**
 * @logto/client imports jose statically for its ID token check; this gives it src/auth/jose-on-demand.ts instead, which
 * loads jose when an ID token is first checked, in a chunk of its own rather than in the first screen's.
 */
export function lazyJose(): Plugin {
  return {
    name: 'gatehouse-lazy-jose',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'jose' && importer && logtoClient.test(importer) ? onDemand : undefined),
  };
}
