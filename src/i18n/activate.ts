import { i18n } from '@lingui/core';
import { loadCatalogs } from './catalogs.ts';
import { directionOf } from './language.ts';
import type { Locale } from '#schemas/locales.ts';

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

let dayjsLoaded = false;

/**
 * Loads dayjs with the locale's date names; the name to give dayjs.locale(). en is dayjs's own default, so until another
 * locale has been set there is nothing to load (the pages that show dates import dayjs themselves).
 */
async function loadDayjs(locale: Locale) {
  if (locale === 'en' && !dayjsLoaded) return undefined;
  const { default: dayjs } = await import('dayjs');
  dayjsLoaded = true;
  if (locale === 'en') return { dayjs, name: 'en' };
  const [name, load] = dayjsLocales[locale];
  await load();
  return { dayjs, name };
}

/**
 * Loads the language's catalogs (the first screen's and those of the code loaded since) and the date locale together,
 * then activates both at once (so nothing renders with one language's text and another's dates) and sets `<html lang dir>`.
 */
export async function activateLocale(locale: Locale) {
  const [, dates] = await Promise.all([loadCatalogs(locale), loadDayjs(locale).catch((error: unknown) => console.warn(error))]);
  dates?.dayjs.locale(dates.name);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
