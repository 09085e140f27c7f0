import { useSyncExternalStore } from 'react';
import { activateLocale } from '../src/i18n/activate.ts';
import type { Locale } from '../schemas/locales.ts';

/** Which of axe's rules a look runs: all of them, only colour contrast, or none. */
export type AxeScope = 'all' | 'contrast' | 'none';
export type StoryLook = { theme: 'light' | 'dark'; locale?: Locale; axe: AxeScope };

/**
 * The looks a test run checks each story in, one after the other on the same rendered story, after its play function.
 * Each look is checked for text that runs out of its box; axe runs its whole rule set once, and only where a look can
 * change its result:
 * - the dark theme in Japanese: colour contrast only, as a theme and a language change colours and text, not roles,
 *   names or structure;
 * - the light theme in Arabic (right to left): no axe. It cannot check the contrast of Arabic text: it measures each
 *   letter alone against the word, and as Arabic letters join, it takes every word for an icon font's ligature and
 *   leaves the text out of its colour-contrast rule (after three such words, all text in that font). So the dark theme
 *   is checked in Japanese.
 * - last, the light theme in the language the story played in (English, unless its play function changed it): every
 *   rule, run by the a11y addon after the preview's checks.
 */
export const storyLooks: readonly StoryLook[] = [
  { theme: 'dark', locale: 'ja', axe: 'contrast' },
  { theme: 'light', locale: 'ar', axe: 'none' },
  { theme: 'light', axe: 'all' },
];

/** A Vitest run of the stories (the Storybook addon sets this); Storybook itself shows each story in one look. */
export const inTestRun = import.meta.env.VITEST_STORYBOOK !== undefined;

let shownTheme: StoryLook['theme'] | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The theme a test run has switched the rendered story to, if it has. */
export const useShownTheme = () => useSyncExternalStore(subscribe, () => shownTheme);

/** Each story starts in the theme of Storybook's toolbar. */
export const forgetShownTheme = () => {
  shownTheme = undefined;
};

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Switches the rendered story, in the state its play function reached, to the look's theme and language: React
 * renders both before the next frame is painted.
 */
export async function showIn(look: Pick<StoryLook, 'theme' | 'locale'>) {
  shownTheme = look.theme;
  for (const listener of listeners) listener();
  if (look.locale) await activateLocale(look.locale);
  await nextFrame();
  await nextFrame();
}
