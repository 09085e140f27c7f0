import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import type { AliasOptions } from 'vite';

const nodeCryptoShim = fileURLToPath(new URL('../stories/support/node-crypto.ts', import.meta.url));

/** Vite's aliases, given as an object or a list, as a list. */
const aliasesOf = (alias: AliasOptions | undefined) => (Array.isArray(alias) ? alias : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement: String(replacement) })));

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // TypeScript 7 has no classic compiler API for react-docgen-typescript.
  typescript: { reactDocgen: 'react-docgen' },
  // Stories render views, not routes: the route generator would only rewrite src/routeTree.gen.ts. Stories load all of
  // Mantine's stylesheet (preview.tsx), so the per-component stylesheets of a build would only repeat it, out of order.
  // Nothing serves Storybook's build precompressed, and compressing it would slow every build (and its test) by seconds.
  // Stories load each language's whole catalog, as the dev server does: the console's split follows the console's chunks.
  // The sign-in flow's stories render the server's page views, whose only Node import is the nonce's randomBytes.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    resolve: { ...viteConfig.resolve, alias: [...aliasesOf(viteConfig.resolve?.alias), { find: /^node:crypto$/, replacement: nodeCryptoShim }] },
    plugins: (viteConfig.plugins ?? []).flat().filter((plugin) => !(plugin && 'name' in plugin && /^(tanstack|gatehouse-(mantine-component-styles|precompressed-assets|catalog-split))/.test(plugin.name))),
  }),
};

export default config;
