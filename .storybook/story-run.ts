import { activateLocale } from '../src/i18n/activate.ts';
import { isLocale, type Locale } from '../schemas/locales.ts';

/**
 * The theme and language a test run checks the stories in. `npm test` runs them three times: in the light theme in
 * English, in the dark theme in Japanese (VITE_STORY_THEME=dark VITE_STORY_LOCALE=ja) and in the light theme in Arabic
 * (VITE_STORY_LOCALE=ar). axe cannot check the contrast of Arabic text: it measures each letter alone against the
 * word, and as Arabic letters join, it takes every word for an icon font's ligature and leaves the text out of its
 * colour-contrast rule (after three such words, all text in that font). So the dark theme is checked in Japanese.
 */
export const storyRun: { theme: 'light' | 'dark'; locale?: Locale } = {
  theme: import.meta.env.VITE_STORY_THEME === 'dark' ? 'dark' : 'light',
  ...(isLocale(import.meta.env.VITE_STORY_LOCALE) ? { locale: import.meta.env.VITE_STORY_LOCALE } : {}),
};

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * A story renders and plays in English, as its play function finds things by their English names; then the console
 * switches to the run's language, so that axe and the overflow check see the state the play function reached in that
 * language and direction.
 */
export async function showInRunLocale() {
  if (!storyRun.locale) return;
  await activateLocale(storyRun.locale);
  // React renders the new language before the next frame is painted.
  await nextFrame();
  await nextFrame();
}
