import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { chromiumArgs, chromiumPath } from '../tests/support/browser.ts';

/**
 * Every story is a test: rendered in Chromium, its play function run, then axe and the overflow check run on it in its
 * look of story-run.ts. A function, as the plugin reads Storybook's set-up when it is made.
 */
export const storiesProject = () =>
  ({
    extends: true,
    plugins: [storybookTest({ configDir: fileURLToPath(new URL('.', import.meta.url)) })],
    // Pre-bundle every dependency up front: a dependency found mid-run reloads the page and fails a cold run (as in CI).
    optimizeDeps: {
      entries: ['.storybook/preview.tsx', 'stories/**/*.stories.tsx', 'src/**/*.tsx'],
      include: ['dayjs', 'dayjs/locale/de.js', 'dayjs/locale/ar.js', 'dayjs/locale/ja.js', 'storybook/test', '@storybook/react-vite', 'react-dom/client'],
    },
    test: {
      name: 'stories',
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
        instances: [{ browser: 'chromium' }],
      },
    },
  }) satisfies TestProjectInlineConfiguration;
