import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { postgresPassFiles } from './tests/support/postgres-pass.ts';

const serverProject: { environment: 'node'; globalSetup: string[]; isolate: boolean; testTimeout: number; hookTimeout: number } = {
  environment: 'node',
  globalSetup: ['tests/support/pglite-template.ts'],
  // Each test file starts its own servers and databases, and the server keeps its state per server, not in modules, so the files of one
  // worker share its loaded modules rather than import the server afresh for each file (about half the time).
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** The projects this run names with --project; a run that names none runs them all. */
const named = process.argv.flatMap((arg, index, args) => (arg === '--project' ? [args[index + 1]] : arg.startsWith('--project=') ? [arg.slice(10)] : []));
// Storybook's plugin reads the whole Storybook set-up when it is made (seconds): only for a run of the stories.
const withStories = named.length === 0 || named.includes('stories');

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Every core: Vitest's default leaves one free, which on a two-core machine runs one file at a time.
      maxWorkers: '100%',
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            // Whole-console tests take seconds each on two cores; Vitest's 5 s failed a dozen of them under load.
            testTimeout: 20_000,
            include: ['tests/ui/**/*.test.{ts,tsx}', 'tests/{machines,unit}/**/*.dom.test.{ts,tsx}'],
            setupFiles: ['tests/support/setup-dom.ts'],
          },
        },
        {
          // The machines and the rules need no DOM: without jsdom's start for each file they take about a third of the time.
          extends: true,
          test: {
            name: 'logic',
            environment: 'node',
            include: ['tests/machines/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
            exclude: ['tests/{machines,unit}/**/*.dom.test.{ts,tsx}'],
          },
        },
        { test: { name: 'server', include: ['tests/server/**/*.test.ts'], ...serverProject } },
        // Run with DATABASE_URL set: the files whose behaviour depends on the engine's connections (tests/support/postgres-pass.ts).
        { test: { name: 'server-postgres', include: postgresPassFiles(import.meta.dirname), ...serverProject } },
        {
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/support/build-console.ts', 'tests/support/pglite-template.ts'],
            testTimeout: 90_000,
            hookTimeout: 90_000,
            fileParallelism: true,
          },
        },
        {
          test: {
            name: 'storybook-docs',
            environment: 'node',
            include: ['tests/storybook/**/*.test.ts'],
            globalSetup: ['tests/support/build-storybook.ts'],
            testTimeout: 120_000,
            hookTimeout: 60_000,
          },
        },
        ...(withStories ? [(await import('./.storybook/vitest.project.ts')).storiesProject()] : []),
      ],
    },
  }),
);
