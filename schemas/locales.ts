/** Supported languages (spec 01 §9). `en` is the source and the fallback. */
export const locales = [
  'ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pl-PL', 'pt-BR', 'pt-PT', 'ru', 'tr-TR', 'zh-CN', 'zh-HK', 'zh-TW',
] as const;

export type Locale = (typeof locales)[number];
export const sourceLocale: Locale = 'en';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (locales as readonly string[]).includes(value);
