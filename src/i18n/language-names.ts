import { isLocale, type Locale } from '#schemas/locales.ts';

/** Each language in its own name, as the language menu lists them. */
export const languageNames: Record<Locale, string> = {
  ar: 'العربية',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  'pl-PL': 'Polski',
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  ru: 'Русский',
  'tr-TR': 'Türkçe',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文（香港）',
  'zh-TW': '繁體中文（台灣）',
};

/** A language by its own name, also one that is not built in (Vlaams for nl-BE), else by its tag. */
export const languageNameOf = (tag: string) => {
  if (isLocale(tag)) return languageNames[tag];
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
};
