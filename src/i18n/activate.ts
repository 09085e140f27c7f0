import { i18n } from '@lingui/core';
import { directionOf } from './language.ts';
import type { Locale } from './locales.ts';

/** dayjs's locale modules, loaded on demand; en is built in. */
const dayjsLocales: Record<Exclude<Locale, 'en'>, readonly [name: string, load: () => Promise<unknown>]> = {
  ar: ['ar', () => import('dayjs/locale/ar.js')],
  de: ['de', () => import('dayjs/locale/de.js')],
  es: ['es', () => import('dayjs/locale/es.js')],
  fr: ['fr', () => import('dayjs/locale/fr.js')],
  it: ['it', () => import('dayjs/locale/it.js')],
  ja: ['ja', () => import('dayjs/locale/ja.js')],
  ko: ['ko', () => import('dayjs/locale/ko.js')],
  'pl-PL': ['pl', () => import('dayjs/locale/pl.js')],
  'pt-BR': ['pt-br', () => import('dayjs/locale/pt-br.js')],
  'pt-PT': ['pt', () => import('dayjs/locale/pt.js')],
  ru: ['ru', () => import('dayjs/locale/ru.js')],
  'tr-TR': ['tr', () => import('dayjs/locale/tr.js')],
  'zh-CN': ['zh-cn', () => import('dayjs/locale/zh-cn.js')],
  'zh-HK': ['zh-hk', () => import('dayjs/locale/zh-hk.js')],
  'zh-TW': ['zh-tw', () => import('dayjs/locale/zh-tw.js')],
};

/** Only the active locale's catalog is fetched: each one is its own chunk. */
const loadCatalog = async (locale: Locale) => {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  return messages;
};

async function activateDayjs(locale: Locale) {
  const { default: dayjs } = await import('dayjs');
  if (locale === 'en') {
    dayjs.locale('en');
    return;
  }
  const [name, load] = dayjsLocales[locale];
  await load();
  dayjs.locale(name);
}

/** Loads and activates a locale, then sets `<html lang dir>` and the date locale. */
export async function activateLocale(locale: Locale) {
  const messages = await loadCatalog(locale);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  await activateDayjs(locale).catch((error: unknown) => console.warn(error));
}
