import { expect, test } from 'vitest';
import { isLocale, locales } from '../../src/i18n/locales.ts';

test('the sixteen supported languages of the spec, en among them', () => {
  expect(locales).toHaveLength(16);
  expect(isLocale('pt-BR')).toBe(true);
  expect(isLocale('pt')).toBe(false);
});
