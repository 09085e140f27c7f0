import { storageKeys } from '#schemas/constants.ts';
import { isLocale, locales, sourceLocale, type Locale } from '#schemas/locales.ts';

const rtlLocales: readonly Locale[] = ['ar'];
export const directionOf = (locale: Locale) => (rtlLocales.includes(locale) ? 'rtl' : 'ltr');

/** Chinese by its script: Simplified is zh-CN; Traditional is zh-HK in Hong Kong and Macau, zh-TW elsewhere. */
function chineseLocaleOf(tag: string): Locale {
  let likely: Intl.Locale;
  try {
    likely = new Intl.Locale(tag).maximize();
  } catch {
    return 'zh-CN';
  }
  if (likely.script !== 'Hant') return 'zh-CN';
  return likely.region === 'HK' || likely.region === 'MO' ? 'zh-HK' : 'zh-TW';
}

/** Maps a browser language tag (e.g. `de-AT`, `pt-br`, `zh-Hant-TW`) to a supported locale, if any. */
export function matchLocale(tag: string): Locale | undefined {
  const lower = tag.toLowerCase();
  const exact = locales.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split('-')[0];
  if (language === 'zh') return chineseLocaleOf(tag);
  return locales.find((locale) => locale.toLowerCase() === language || locale.toLowerCase().startsWith(`${language}-`));
}

const readStored = (storage: Storage | undefined) => {
  const value = storage?.getItem(storageKeys.language);
  return isLocale(value) ? value : undefined;
};

/** The language to start with before the user's preferences are loaded. */
export function detectLocale(): Locale {
  const stored = readStored(globalThis.sessionStorage) ?? readStored(globalThis.localStorage);
  if (stored) return stored;
  for (const tag of globalThis.navigator?.languages ?? []) {
    const matched = matchLocale(tag);
    if (matched) return matched;
  }
  return sourceLocale;
}

export function storeLocale(locale: Locale) {
  globalThis.localStorage?.setItem(storageKeys.language, locale);
  globalThis.sessionStorage?.setItem(storageKeys.language, locale);
}
