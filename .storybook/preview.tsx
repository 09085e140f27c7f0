import '@mantine/core/styles.css';
import type { Decorator, Loader, Preview } from '@storybook/react-vite';
import { configure, expect, waitFor } from 'storybook/test';
import { AppProviders } from '../src/app/AppProviders.tsx';
import { defaultRuntimeConfig } from '../src/config.ts';
import { activateLocale } from '../src/i18n/activate.ts';
import { isLocale, locales, sourceLocale } from '../schemas/locales.ts';
import { editions, type Edition } from '../schemas/config.ts';
import { overflowingText } from './overflow.ts';
import { laptopViewport, phoneViewport } from '../stories/support/phone.ts';
import { showInRunLocale, storyRun } from './story-run.ts';

// Page stories load through the real router; on a busy two-core CI machine that can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const toolbar = (title: string, icon: string, items: readonly string[]) => ({
  description: title,
  toolbar: { title, icon, items: items.map((value) => ({ value, title: value })), dynamicTitle: true },
});

const localeOf = (value: unknown) => (isLocale(value) ? value : sourceLocale);
const editionOf = (value: unknown): Edition => (value === 'self-hosted' ? 'self-hosted' : 'cloud');

/** The catalog is loaded before the story renders, so the first paint is already in the chosen language. */
const loadLocale: Loader = async ({ globals }) => {
  await activateLocale(localeOf(globals.locale));
  return {};
};

/** Each story runs inside the console's own providers, with the edition, theme and locale of the toolbar. */
const withAppProviders: Decorator = (Story, { globals }) => (
  <AppProviders
    config={{ ...defaultRuntimeConfig, edition: editionOf(globals.edition) }}
    colorScheme={globals.theme === 'dark' ? 'dark' : 'light'}
    locale={localeOf(globals.locale)}
  >
    <Story />
  </AppProviders>
);

/**
 * After each story and its play function, in the run's language (story-run.ts; Storybook runs the preview's afterEach
 * before the addons', so axe runs after this too): no text runs out of its box (once open popovers have found their
 * place).
 */
const checkRendering = async () => {
  await showInRunLocale();
  await waitFor(() => expect(overflowingText(document)).toEqual([]));
};

const preview: Preview = {
  globalTypes: {
    edition: toolbar('Edition', 'cloud', editions),
    theme: toolbar('Theme', 'mirror', ['light', 'dark']),
    locale: toolbar('Locale', 'globe', locales),
  },
  // `npm test` runs the stories once more in the dark theme, so axe checks both themes.
  initialGlobals: { edition: 'cloud', theme: storyRun.theme, locale: sourceLocale },
  loaders: [loadLocale],
  decorators: [withAppProviders],
  afterEach: [checkRendering],
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone: phoneViewport, laptop: laptopViewport } },
    // axe runs on every story; a violation fails its test.
    a11y: { test: 'error' },
  },
};

export default preview;
