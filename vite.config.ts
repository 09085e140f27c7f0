import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

export default defineConfig({
  base: '/console/',
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    lingui(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
  ],
  build: { outDir: 'dist/console', emptyOutDir: true, target: 'es2023' },
});
