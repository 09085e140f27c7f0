import type { FormItem, FormItemTexts } from '#schemas/connector.ts';
import { locales, sourceLocale, type Locale } from '#schemas/locales.ts';
import { connectorTexts } from '../catalogue/index.ts';
import { en } from './en.ts';
import type { FormText, FormTexts } from './texts.ts';

/** The factories' form texts in every shipped language (schemas/locales.ts), kept with the connectors' other texts. */
export const formTextsByLocale = Object.fromEntries(locales.map((locale) => [locale, connectorTexts[locale].formItems])) as Record<Locale, FormTexts>;

const isFormText = (text: string): text is FormText => Object.hasOwn(en, text);

/** An item's texts in one language: the ones the phrase book has (a placeholder such as a host name stays as it is). */
const textsIn = (item: FormItem, book: FormTexts): FormItemTexts => {
  const translate = (text: string | undefined) => (text !== undefined && isFormText(text) ? book[text] : undefined);
  const titles = (item.selectItems ?? []).flatMap(({ value, title }) => (translate(title) ? [[value, translate(title)!] as const] : []));
  return Object.fromEntries(
    Object.entries({
      label: translate(item.label),
      placeholder: translate(item.placeholder),
      description: translate(item.description),
      tooltip: translate(item.tooltip),
      selectItems: titles.length ? Object.fromEntries(titles) : undefined,
    }).filter(([, value]) => value !== undefined),
  );
};

/** A factory's form items with their texts in every shipped language but English, which is the items' own. */
export const withTranslations = (items: FormItem[]): FormItem[] =>
  items.map((item) => ({
    ...item,
    translations: Object.fromEntries(locales.filter((locale) => locale !== sourceLocale).map((locale) => [locale, textsIn(item, formTextsByLocale[locale])])),
  }));
