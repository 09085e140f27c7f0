import { isLocale, locales, sourceLocale, type Locale } from '#schemas/locales.ts';
import type { TemplateUsage } from '#schemas/connector.ts';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { plPL } from './pl-PL.ts';
import { ptBR } from './pt-BR.ts';
import { ptPT } from './pt-PT.ts';
import { ru } from './ru.ts';
import { trTR } from './tr-TR.ts';
import { zhCN } from './zh-CN.ts';
import { zhHK } from './zh-HK.ts';
import { zhTW } from './zh-TW.ts';
import type { ConnectorTexts, MessageFactoryId } from './texts.ts';

/** The built-in connectors' text in every shipped language (schemas/locales.ts). */
export const connectorTexts: Record<Locale, ConnectorTexts> = {
  ar,
  de,
  en,
  es,
  fr,
  it,
  ja,
  ko,
  'pl-PL': plPL,
  'pt-BR': ptBR,
  'pt-PT': ptPT,
  ru,
  'tr-TR': trTR,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  'zh-TW': zhTW,
};

/** A shipped language for a requested one: itself, its base language's first variant (`pt` → `pt-BR`), or English. */
export const textsLocale = (requested: string): Locale => {
  if (isLocale(requested)) return requested;
  const base = requested.split('-')[0]?.toLowerCase();
  return locales.find((locale) => locale.split('-')[0]?.toLowerCase() === base) ?? sourceLocale;
};

/** A factory's name or description in every shipped language. */
export const factoryTexts = (id: MessageFactoryId, part: 'name' | 'description') =>
  Object.fromEntries(locales.map((locale) => [locale, connectorTexts[locale].factories[id][part]]));

/** The default template of a usage in a language. */
export const defaultTemplate = (usage: TemplateUsage, locale: string) => connectorTexts[textsLocale(locale)].templates[usage];

/** Fills a template's `{{code}}` and `{{link}}`. */
export const fillTemplate = (template: string, values: { code: string; link?: string }) =>
  template.replaceAll('{{code}}', values.code).replaceAll('{{link}}', values.link ?? '');
