import { describe, expect, test } from 'vitest';
import { locales } from '#schemas/locales.ts';
import { connectorFactories } from '#server/tenant/connectors/factories/index.ts';
import { formTextsByLocale } from '#server/tenant/connectors/form-texts/index.ts';
import { formTexts } from '#server/tenant/connectors/form-texts/texts.ts';
import { itemInLanguage } from '#src/pages/connectors/config/config-form.ts';

/** The factories' form texts (labels, descriptions, tooltips, select titles) in every shipped language. */

const factoryTexts = connectorFactories.flatMap(({ info }) =>
  (info.formItems ?? []).flatMap((item) => [item.label, item.description, item.tooltip, ...(item.selectItems ?? []).map(({ title }) => title)]),
);
/** What a translation must keep as it is: variables, claim and field names, paths, JSON, ports and protocol names. */
const literals = (text: string) =>
  text.match(/\{\{code\}\}|\{"prompt": "select_account"\}|\/\.well-known\/openid-configuration|\b(?:[a-z]+_[a-z_]+|emailVerified|avatar|S256|PKCE|STARTTLS|PEM|\d{2,3})\b/g) ?? [];

test('every text a factory’s form shows is in the phrase book, so every language has it', () => {
  const missing = factoryTexts.filter((text): text is string => text !== undefined && !(formTexts as readonly string[]).includes(text));
  expect(missing).toEqual([]);
});

describe.each(locales.filter((locale) => locale !== 'en'))('%s', (locale) => {
  test('each text is translated, keeping its variables, names, paths and numbers', () => {
    for (const english of formTexts) {
      const translated = formTextsByLocale[locale][english];
      expect(translated.trim(), english).not.toBe('');
      for (const literal of literals(english)) expect(translated, `${english} → ${translated}`).toContain(literal);
    }
  });

  test('the answered factories carry the texts, and the console reads its language from them', () => {
    const smtp = connectorFactories.find(({ info }) => info.id === 'smtp')!.info.formItems!;
    const security = itemInLanguage(smtp.find(({ key }) => key === 'security')!, locale);
    const book = formTextsByLocale[locale];
    expect(security.label).toBe(book.Security);
    expect(security.selectItems?.map(({ title }) => title)).toEqual([book['STARTTLS (usually port 587)'], book['TLS (usually port 465)'], book['None (local relays only)']]);
    const host = itemInLanguage(smtp.find(({ key }) => key === 'host')!, locale);
    expect(host).toMatchObject({ label: book.Host, placeholder: 'smtp.example.com' });
  });
});

test('prose is not left in English (German and Japanese)', () => {
  for (const locale of ['de', 'ja'] as const) {
    const untranslated = formTexts.filter((text) => text.split(' ').length >= 3 && formTextsByLocale[locale][text] === text);
    expect(untranslated, locale).toEqual([]);
  }
});

test('English, or a language the console lacks, reads the item’s own texts', () => {
  const [item] = connectorFactories.find(({ info }) => info.id === 'dev-mailbox')!.info.formItems!;
  expect(itemInLanguage(item!, 'en')).toBe(item);
  expect(itemInLanguage(item!, 'nl')).toBe(item);
  expect(itemInLanguage(item!, 'de').label).toBe('Absendername');
});
