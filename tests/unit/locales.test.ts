// @vitest-environment node
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { parse, type Token } from '@messageformat/parser';
import { isLocale, locales, type Locale } from '#schemas/locales.ts';
import { detectLocale, directionOf, matchLocale } from '#src/i18n/language.ts';
import { collectSourceMessages, readCatalog, type Catalog } from '../support/catalogs.ts';

test('the sixteen supported languages of the spec, en among them', () => {
  expect(locales).toHaveLength(16);
  expect(isLocale('pt-BR')).toBe(true);
  expect(isLocale('pt')).toBe(false);
});

test('browser language tags map to a supported locale; Arabic is right-to-left', () => {
  expect(matchLocale('de-AT')).toBe('de');
  expect(matchLocale('pt-br')).toBe('pt-BR');
  expect(matchLocale('zh-TW')).toBe('zh-TW');
  expect(matchLocale('zh-Hant-TW')).toBe('zh-TW');
  expect(matchLocale('zh-Hant')).toBe('zh-TW');
  expect(matchLocale('zh-Hant-HK')).toBe('zh-HK');
  expect(matchLocale('zh-MO')).toBe('zh-HK');
  expect(matchLocale('zh-SG')).toBe('zh-CN');
  expect(matchLocale('zh')).toBe('zh-CN');
  expect(matchLocale('nl')).toBeUndefined();
  expect(directionOf('ar')).toBe('rtl');
  expect(directionOf('de')).toBe('ltr');
});

let sourceMessages: Record<string, string> = {};
const catalogs = new Map<Locale, Catalog>();

beforeAll(async () => {
  sourceMessages = await collectSourceMessages();
  for (const locale of locales) catalogs.set(locale, await readCatalog(locale));
}, 60_000);

/** What a translation must keep of its source: argument names and numbered tags (`<0>`, `</0>`, `<1/>`). */
function placeholdersOf(message: string) {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') for (const [tag] of token.value.matchAll(/<\/?\d+\s*\/?>/g)) names.add(tag.replace(/\s/g, ''));
      if (token.type === 'argument' || token.type === 'function') names.add(`{${token.arg}}`);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(`{${token.arg}}`);
        for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

/** Each plural in `message` that lacks one of the language's plural categories, with the categories it lacks. */
function missingPluralForms(message: string, locale: Locale) {
  const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const missing: string[] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type !== 'plural' && token.type !== 'select' && token.type !== 'selectordinal') continue;
      const keys = new Set(token.cases.map((branch) => branch.key));
      const lacking = token.type === 'plural' ? needed.filter((category) => !keys.has(category)) : keys.has('other') ? [] : ['other'];
      if (lacking.length) missing.push(`{${token.arg}}: ${lacking.join(' ')}`);
      for (const branch of token.cases) visit(branch.tokens);
    }
  };
  visit(parse(message));
  return missing;
}

describe.each(locales)('the %s catalog', (locale) => {
  const live = () => Object.entries(catalogs.get(locale)!).filter(([, entry]) => !entry.obsolete);

  test('holds exactly the messages of the source (npm run i18n:extract changes nothing)', () => {
    const sourceIds = Object.keys(sourceMessages).sort();
    expect(sourceIds.length).toBeGreaterThan(0);
    expect(Object.keys(catalogs.get(locale)!).sort()).toEqual(sourceIds);
  });

  test('translates every message', () => {
    expect(live().filter(([, entry]) => !entry.translation?.trim()).map(([id]) => id)).toEqual([]);
  });

  test('keeps the placeholders and tags of each source message, no more and no fewer', () => {
    const changed = live()
      .filter(([id, entry]) => entry.translation && placeholdersOf(entry.translation).join() !== placeholdersOf(sourceMessages[id] ?? '').join())
      .map(([id, entry]) => ({ source: sourceMessages[id], translation: entry.translation }));
    expect(changed).toEqual([]);
  });

  test('gives each plural every form the language needs', () => {
    const lacking = live().flatMap(([id, entry]) => (entry.translation ? missingPluralForms(entry.translation, locale).map((forms) => `${sourceMessages[id]} → ${forms}`) : []));
    expect(lacking).toEqual([]);
  });
});

/** Japanese and Chinese put no space between words: a plan's name, in the reader's language, runs into the word "plan". */
test.each(['ja', 'zh-CN', 'zh-TW', 'zh-HK'] as const)('%s: a plan name is not spaced from the word for plan', (locale) => {
  const spaced = Object.values(catalogs.get(locale)!).filter((entry) => !entry.obsolete && /\} (プラン|套餐|方案|計劃)/.test(entry.translation ?? ''));
  expect(spaced.map((entry) => entry.translation)).toEqual([]);
});

test('the first language is the first of the browser languages that is supported, until the user picks one', () => {
  vi.stubGlobal('navigator', { languages: ['nl-BE', 'ja-JP', 'de'] });
  try {
    expect(detectLocale()).toBe('ja');
    vi.stubGlobal('navigator', { languages: ['nl'] });
    expect(detectLocale()).toBe('en');
  } finally {
    vi.unstubAllGlobals();
  }
});
