import type { StorybookConfig } from '@storybook/react-vite';

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
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: (viteConfig.plugins ?? []).flat().filter((plugin) => !(plugin && 'name' in plugin && /^(tanstack|gatehouse-(mantine-component-styles|precompressed-assets|catalog-split))/.test(plugin.name))),
  }),
};

export default config;
