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
import { forgetShownTheme, inTestRun, lookOf, showIn, useShownTheme, type StoryLook } from './story-run.ts';

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

/** axe in one look: the a11y addon's own run with the story's parameters, without colour contrast where the look says so. */
const axeIn = (look: StoryLook, context: StoryContext) => {
  const a11y = context.parameters.a11y as { options?: { rules?: object } } | undefined;
  const options = look.axe === 'all-but-contrast' ? { ...a11y?.options, rules: { ...a11y?.options?.rules, 'color-contrast': { enabled: false } } } : a11y?.options;
  return checkAccessibility({ ...context, parameters: { ...context.parameters, a11y: { ...a11y, test: 'error', options } } });
};

/**
 * After each story and its play function, no text runs out of its box (once open popovers have found their place).
 * A test run shows the story, in the state its play function reached, in its look of story-run.ts, and checks this and
 * axe there; the a11y addon's own run after it is off in a test run (preview parameters), so axe runs once.
 */
const checkRendering = async (context: StoryContext) => {
  if (!inTestRun) return noTextOverflows();
  const look = lookOf(context.id);
  await showIn({ theme: look.theme, locale: look.locale ?? localeOf(i18n.locale) });
  await inLook(look, noTextOverflows);
  await inLook(look, () => axeIn(look, context));
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
    // axe runs on every story; a violation fails its test. A test run runs it in the story's look (checkRendering).
    a11y: { test: inTestRun ? 'off' : 'error' },
  },
};

export default preview;
