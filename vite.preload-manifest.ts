import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { preloadManifestFile, type PreloadManifest } from './server/console-preload.ts';

const routes = path.resolve(import.meta.dirname, 'src/routes');

/**
 * A route file's URL pattern under the console's base, and whether it matches only that path (an index route, or a
 * file with no folder of child routes beside it) or every path below it too: `_name` segments add nothing to the URL
 * (layouts), a trailing `_` only un-nests, `$name` stands for any one segment. A leaf such as `connectors/$tab/$connectorId`
 * so does not claim `connectors/passwordless/guide/dev-mailbox`, whose page would then load the details' code too.
 */
export function routePattern(file: string): { segments: string[]; exact: boolean } {
  const parts = path.relative(routes, file).replace(/\.tsx?$/, '').split(path.sep);
  const last = parts.at(-1);
  const exact = last === 'index' || (last !== 'route' && !existsSync(file.replace(/\.tsx?$/, '')));
  if (last === 'index' || last === 'route') parts.pop();
  return { segments: parts.filter((part) => !part.startsWith('_')).map((part) => part.replace(/_$/, '')), exact };
}

/**
 * Writes `preload.json` beside index.html: for each lazily loaded route, its URL pattern and the files its code needs
 * beyond the first screen (its chunk, the chunks that imports, their CSS), and the catalog keys (the first screen's,
 * and each route's). The server names them in the page it sends for that URL (server/console.ts), so the browser
 * fetches them while it loads the entry rather than once the entry has run.
 */
export function preloadManifest(catalogKeyOf: (moduleId: string) => string | undefined, firstScreenCatalog: () => string): Plugin {
  return {
    name: 'gatehouse-preload-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** The entry's chunks and what they import statically: the page loads them itself. */
      const initial = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      for (const file of initial) for (const imported of byFile.get(file)?.imports ?? []) initial.add(imported);
      const manifest: PreloadManifest = { firstScreenCatalog: firstScreenCatalog(), routes: [] };
      for (const chunk of chunks) {
        const route = chunk.moduleIds.find((id) => id.startsWith(routes) && id.includes('?tsr-split=') && id.includes('component'));
        if (!route) continue;
        const files = new Set<string>();
        const pending = [chunk.fileName];
        for (const file of pending) {
          if (initial.has(file) || files.has(file)) continue;
          files.add(file);
          for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) files.add(css);
          pending.push(...(byFile.get(file)?.imports ?? []));
        }
        const [file] = route.split('?');
        manifest.routes.push({ ...routePattern(file!), files: [...files], catalog: catalogKeyOf(route) ?? '' });
      }
      this.emitFile({ type: 'asset', fileName: preloadManifestFile, source: JSON.stringify(manifest) });
    },
  };
}
