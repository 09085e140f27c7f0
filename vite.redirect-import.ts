import type { Plugin } from 'vite';

/**
 * A build plugin that gives the modules matching `importer` the module `target` where they import `source`, and every
 * other importer the package itself: for a package that brings much for the little its importer uses of it.
 */
export function redirectImport(name: string, source: string, importer: RegExp, target: string): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'pre',
    resolveId: (imported, from) => (imported === source && from && importer.test(from) ? target : undefined),
  };
}
