import { locales, type Locale } from '#schemas/locales.ts';
import type { ServerMessages } from './messages.ts';
import { ar } from './locales/ar.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { it } from './locales/it.ts';
import { ja } from './locales/ja.ts';
import { ko } from './locales/ko.ts';
import { plPL } from './locales/pl-PL.ts';
import { ptBR } from './locales/pt-BR.ts';
import { ptPT } from './locales/pt-PT.ts';
import { ru } from './locales/ru.ts';
import { trTR } from './locales/tr-TR.ts';
import { zhCN } from './locales/zh-CN.ts';
import { zhHK } from './locales/zh-HK.ts';
import { zhTW } from './locales/zh-TW.ts';

/** The server's text in every supported locale (schemas/locales.ts). */
export const serverMessages: Record<Locale, ServerMessages> = {
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

/** One part of the catalog (e.g. the mail), per locale. */
export const messagesOf = <Part extends keyof ServerMessages>(part: Part) =>
  Object.fromEntries(locales.map((locale) => [locale, serverMessages[locale][part]])) as Record<Locale, ServerMessages[Part]>;
