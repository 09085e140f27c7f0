import { useSyncExternalStore } from 'react';
import { activateLocale } from '../src/i18n/activate.ts';
import type { Locale } from '../schemas/locales.ts';

/** Which of axe's rules a look runs: all of them, or all but colour contrast. */
export type AxeScope = 'all' | 'all-but-contrast';
export type StoryLook = { theme: 'light' | 'dark'; locale?: Locale; axe: AxeScope };

/**
 * The looks a test run checks stories in. Each story is checked in one of them, after its play function, for text that
 * runs out of its box and with axe:
 * - the light theme in the language the story played in (English, unless its play function changed it);
 * - the dark theme in Japanese;
 * - the light theme in Arabic (right to left), without axe's colour-contrast rule: axe measures each Arabic letter
 *   alone against the word, and as the letters join, it takes every word for an icon font's ligature and leaves the text
 *   out of that rule (after three such words, all text in that font). The dark theme is therefore the Japanese one.
 */
export const storyLooks: readonly StoryLook[] = [
  { theme: 'light', axe: 'all' },
  { theme: 'dark', locale: 'ja', axe: 'all' },
  { theme: 'light', locale: 'ar', axe: 'all-but-contrast' },
];

/**
 * The look a test run checks a story in, picked by its id: every story once (checking each in all three took close to
 * half of the stories' time), each look about a third of the stories of a file, and a failure repeats on the next run.
 */
export function lookOf(storyId: string): StoryLook {
  let hash = 0;
  for (const character of storyId) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return storyLooks[hash % storyLooks.length]!;
}

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
