import '@mantine/core/styles.css';
import { i18n } from '@lingui/core';
import { afterEach as checkAccessibility } from '@storybook/addon-a11y/preview';
import type { Decorator, Loader, Preview, StoryContext } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { configure, expect, waitFor } from 'storybook/test';
import { AppProviders } from '../src/app/AppProviders.tsx';
import { defaultRuntimeConfig } from '../src/config.ts';
import { activateLocale } from '../src/i18n/activate.ts';
import { isLocale, locales, sourceLocale } from '../schemas/locales.ts';
import { editions, type Edition } from '../schemas/config.ts';
import { overflowingText } from './overflow.ts';
import { laptopViewport, phoneViewport } from '../stories/support/phone.ts';
import { forgetShownTheme, inTestRun, showIn, storyLooks, useShownTheme, type StoryLook } from './story-run.ts';

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
function StoryProviders({ globals, children }: { globals: StoryContext['globals']; children: ReactNode }) {
  const shownTheme = useShownTheme();
  return (
    <AppProviders
      config={{ ...defaultRuntimeConfig, edition: editionOf(globals.edition) }}
      colorScheme={shownTheme ?? (globals.theme === 'dark' ? 'dark' : 'light')}
      locale={localeOf(globals.locale)}
    >
      {children}
    </AppProviders>
  );
}

const withAppProviders: Decorator = (Story, { globals }) => (
  <StoryProviders globals={globals}>
    <Story />
  </StoryProviders>
);

const noTextOverflows = () => waitFor(() => expect(overflowingText(document)).toEqual([]));

/** A failed check says which look it failed in. */
async function inLook(look: StoryLook, check: () => Promise<unknown>) {
  try {
    await check();
  } catch (error) {
    if (error instanceof Error) error.message = `In the ${look.theme} theme, in ${look.locale ?? 'the language it played in'}: ${error.message}`;
    throw error;
  }
}

/** axe in one look: the a11y addon's own run with the story's parameters, narrowed to the look's rules. */
const axeIn = (look: StoryLook, context: StoryContext) => {
  if (look.axe === 'none') return Promise.resolve();
  const a11y = context.parameters.a11y as { options?: object } | undefined;
  const options = look.axe === 'contrast' ? { ...a11y?.options, runOnly: ['color-contrast'] } : a11y?.options;
  return checkAccessibility({ ...context, parameters: { ...context.parameters, a11y: { ...a11y, options } } });
};

/**
 * After each story and its play function, no text runs out of its box (once open popovers have found their place).
 * A test run checks this, and axe, in each of the looks of story-run.ts in turn, on the state the play function
 * reached. Storybook runs the preview's afterEach before the addons', so the a11y addon's own axe run, after this,
 * checks the last look, in which the story is shown again in the language it played in.
 */
const checkRendering = async (context: StoryContext) => {
  if (!inTestRun) return noTextOverflows();
  const played = localeOf(i18n.locale);
  for (const [index, look] of storyLooks.entries()) {
    await showIn({ theme: look.theme, locale: look.locale ?? played });
    await inLook(look, noTextOverflows);
    if (index < storyLooks.length - 1) await inLook(look, () => axeIn(look, context));
  }
};

const preview: Preview = {
  globalTypes: {
    edition: toolbar('Edition', 'cloud', editions),
    theme: toolbar('Theme', 'mirror', ['light', 'dark']),
    locale: toolbar('Locale', 'globe', locales),
  },
  initialGlobals: { edition: 'cloud', theme: 'light', locale: sourceLocale },
  loaders: [loadLocale],
  beforeEach: [forgetShownTheme],
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
