import type { Plugin, Rollup } from 'vite';

/**
 * The share of the lazily loaded chunks (pages, dialogs) that must need a later page's CSS for it to go into the shared
 * later stylesheet; what fewer need stays in its chunk's own stylesheet. Tuned on the build: the list pages load one
 * stylesheet as before, of some 6 kB (gzip) rather than 14 kB.
 */
export const sharedStylesheetShare = 1 / 5;

/**
 * The first screen's stylesheet, which the page links, and for the later pages one shared stylesheet with the rules
 * that many of them need, which comes with the first of them (the chunks' CSS dependencies, and the server's preloads,
 * name it); the rules that few pages need stay in their chunk's own stylesheet. One stylesheet for all was some 14 kB
 * (gzip) more before the first screen; one for all later pages was 14 kB for each, most of it rules of other pages; one
 * per chunk was a request more per chunk before a page showed.
 *
 * The shared rules keep the order of a single stylesheet: the first screen's, then each chunk's after those of the
 * chunks it imports; a chunk loads the shared stylesheet before its own. Runs before Vite's own bundle hooks, which
 * write each chunk's CSS dependencies and link the entry's.
 */
export function pagesStylesheet(share = sharedStylesheetShare): Plugin {
  return {
    name: 'gatehouse-pages-stylesheet',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const ordered = new Set<string>();
      const collected = new Set<string>();
      const collect = (file: string) => {
        const chunk = bundle[file];
        if (chunk?.type !== 'chunk' || collected.has(file)) return;
        collected.add(file);
        for (const imported of chunk.imports) collect(imported);
        for (const css of chunk.viteMetadata?.importedCss ?? []) ordered.add(css);
      };
      for (const chunk of chunks.filter((item) => item.isEntry)) collect(chunk.fileName);
      const firstScreen = new Set(ordered);
      const firstScreenChunks = new Set(collected);
      for (const chunk of chunks) for (const file of chunk.dynamicImports) collect(file);
      // How many lazy chunks need each later stylesheet: those that import, directly or not, a chunk with it.
      const lazy = [...new Set(chunks.flatMap((chunk) => chunk.dynamicImports))].filter((file) => !firstScreenChunks.has(file));
      const neededBy = new Map<string, number>();
      for (const entry of lazy) {
        const reached = new Set<string>();
        const reach = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || reached.has(file) || firstScreenChunks.has(file)) return;
          reached.add(file);
          chunk.imports.forEach(reach);
        };
        reach(entry);
        const css = new Set([...reached].flatMap((file) => [...((bundle[file] as Rollup.OutputChunk).viteMetadata?.importedCss ?? [])]));
        for (const file of css) neededBy.set(file, (neededBy.get(file) ?? 0) + 1);
      }
      const shared = [...ordered].filter((file) => !firstScreen.has(file) && (neededBy.get(file) ?? 0) >= share * lazy.length);
      if (shared.length === 0) return;
      const source = shared.map((file) => String((bundle[file] as Rollup.OutputAsset).source)).join('');
      const pages = this.getFileName(this.emitFile({ type: 'asset', name: 'pages.css', source }));
      for (const file of shared) delete bundle[file];
      for (const chunk of chunks) {
        const css = chunk.viteMetadata?.importedCss;
        if (!css || !shared.some((file) => css.has(file))) continue;
        const own = [...css].filter((file) => !shared.includes(file));
        css.clear();
        for (const file of [pages, ...own]) css.add(file);
      }
    },
  };
}
