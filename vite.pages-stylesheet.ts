import type { Plugin, Rollup } from 'vite';

/**
 * Two stylesheets: the first screen's, which the page links, and one with the rules of every later page, which comes
 * with the first of them (the chunks' CSS dependencies, and the server's preloads, name it). One stylesheet for all
 * was some 14 kB (gzip) more before the first screen; one per chunk was a request more per chunk before a page showed.
 *
 * The rules keep the order of a single stylesheet: the first screen's, then each chunk's after those of the chunks it
 * imports. Runs before Vite's own bundle hooks, which write each chunk's CSS dependencies and link the entry's.
 */
export function pagesStylesheet(): Plugin {
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
      for (const chunk of chunks) for (const file of chunk.dynamicImports) collect(file);
      const later = [...ordered].filter((file) => !firstScreen.has(file));
      if (later.length === 0) return;
      const source = later.map((file) => String((bundle[file] as Rollup.OutputAsset).source)).join('');
      const pages = this.getFileName(this.emitFile({ type: 'asset', name: 'pages.css', source }));
      for (const file of later) delete bundle[file];
      for (const chunk of chunks) {
        const css = chunk.viteMetadata?.importedCss;
        if (!css || !later.some((file) => css.has(file))) continue;
        for (const file of later) css.delete(file);
        css.add(pages);
      }
    },
  };
}
