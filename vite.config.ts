import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { firstScreenChunk, firstScreenRoutes } from './vite.first-screen.ts';
import { sharedChunks } from './vite.shared-chunks.ts';
import { mantineComponentStyles } from './vite.mantine-styles.ts';
import { scrollAreaMergeRefs } from './vite.scroll-area-refs.ts';
import { tableWithoutScrollArea } from './vite.table-scroll.ts';
import { precompressedAssets } from './vite.compress.ts';
import { splitCatalogs } from './vite.catalogs.ts';
import { preloadManifest } from './vite.preload-manifest.ts';
import { inlineIcon } from './vite.inline-icon.ts';
import { pagesStylesheet } from './vite.pages-stylesheet.ts';
import { lazyJose } from './vite.lazy-jose.ts';
import { logtoCamelcaseKeys } from './vite.logto-camelcase.ts';

const firstScreen = firstScreenChunk();
const shared = sharedChunks(firstScreen.test);
const catalogs = splitCatalogs();

export default defineConfig({
  base: '/console/',
  plugins: [
    lazyJose(),
    tableWithoutScrollArea(),
    logtoCamelcaseKeys(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders load with their route's component, in one chunk: what they import (a page's queries, and through them
      // its API calls and the mutation hooks) stays off the first screen, and costs no request of its own.
      codeSplittingOptions: {
        defaultBehavior: [['component', 'loader'], ['errorComponent'], ['notFoundComponent']],
        splitBehavior: ({ routeId }) => (firstScreenRoutes.includes(routeId) ? [] : undefined),
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    lingui(),
    catalogs.plugins,
    babel({ presets: [linguiTransformerBabelPreset()] }),
    mantineComponentStyles(),
    scrollAreaMergeRefs(),
    firstScreen.plugin,
    shared.plugin,
    pagesStylesheet(),
    preloadManifest(catalogs.catalogKeyOf, catalogs.firstScreenCatalog),
    inlineIcon(),
    precompressedAssets(process.env.GATEHOUSE_PRECOMPRESS === 'fast' ? 'fast' : 'smallest'),
  ],
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    target: 'es2023',
    // The first screen is one chunk on purpose (see vite.first-screen.ts); about 0.9 MB before gzip.
    chunkSizeWarningLimit: 1000,
    // Split, then joined into the first screen's stylesheet and the later pages' one (vite.pages-stylesheet.ts).
    cssCodeSplit: true,
    // Every browser the console supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: firstScreen.test }, { name: shared.nameOf, includeDependenciesRecursively: false }] } } },
  },
});
