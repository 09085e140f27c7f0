import { describe, expect, test } from 'vitest';
import { serverMessages } from '#server/i18n/catalog.ts';
import { locales, sourceLocale, type Locale } from '#schemas/locales.ts';

/** An argument that shows where it lands in a text: `⟦arg0⟧` as a string, `⟦arg0.brand⟧` for a field it reads. */
const marker = (name: string) =>
  new Proxy(
    {},
    { get: (_, key) => (key === Symbol.toPrimitive || key === 'toString' ? () => `⟦${name}⟧` : `⟦${name}.${String(key)}⟧`) },
  );
const markers = /⟦[^⟧]+⟧/g;

type Entry = { text: string; placeholders: string[] };

/** Every text of a catalog by its path; a function is called with markers, so its placeholders can be compared. */
const entries = (value: unknown, path = ''): [string, Entry][] => {
  if (typeof value === 'string') return [[path, { text: value, placeholders: [] }]];
  if (typeof value === 'function') {
    const text: unknown = value(...Array.from({ length: value.length }, (_, index) => marker(`arg${index}`)));
    if (typeof text !== 'string') return [[path, { text: '', placeholders: [] }]];
    return [[path, { text, placeholders: (text.match(markers) ?? []).sort() }]];
  }
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, child]) => entries(child, `${path}.${key}`));
  return [[path, { text: '', placeholders: [] }]];
};

const source = new Map(entries(serverMessages[sourceLocale]));
const translated = locales.filter((locale) => locale !== sourceLocale);
/** English sentences a translation may not copy: anything of more than two words. */
const isSentence = (text: string) => text.replace(markers, '').trim().split(/\s+/).length > 2;

describe('the server text catalog', () => {
  test('has exactly the supported locales', () => {
    expect(Object.keys(serverMessages).sort()).toEqual([...locales].sort());
  });

  test.each(locales)('%s has every key, no extra key, and no empty text', (locale: Locale) => {
    const own = new Map(entries(serverMessages[locale]));
    expect([...own.keys()].sort()).toEqual([...source.keys()].sort());
    const empty = [...own].filter(([, entry]) => entry.text.replace(markers, '').trim() === '').map(([path]) => path);
    expect(empty).toEqual([]);
  });

  test.each(translated)('%s keeps every placeholder of the English text, once each, and copies no English sentence', (locale) => {
    const own = new Map(entries(serverMessages[locale]));
    const changed = [...source]
      .filter(([path, entry]) => own.get(path)?.placeholders.join() !== entry.placeholders.join())
      .map(([path, entry]) => `${path}: ${entry.placeholders.join()} → ${own.get(path)?.placeholders.join()}`);
    expect(changed).toEqual([]);
    const copied = [...source].filter(([path, entry]) => isSentence(entry.text) && own.get(path)?.text === entry.text).map(([path]) => path);
    expect(copied).toEqual([]);
  });
});
