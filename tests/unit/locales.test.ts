// @vitest-environment node
import path from 'node:path';
import { expect, test } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { isLocale, locales } from '../../src/i18n/locales.ts';
import { directionOf, matchLocale } from '../../src/i18n/language.ts';

const root = path.resolve(import.meta.dirname, '../..');

test('the sixteen supported languages of the spec, en among them', () => {
  expect(locales).toHaveLength(16);
  expect(isLocale('pt-BR')).toBe(true);
  expect(isLocale('pt')).toBe(false);
});

test('browser language tags map to a supported locale; Arabic is right-to-left', () => {
  expect(matchLocale('de-AT')).toBe('de');
  expect(matchLocale('pt-br')).toBe('pt-BR');
  expect(matchLocale('zh-TW')).toBe('zh-TW');
  expect(matchLocale('nl')).toBeUndefined();
  expect(directionOf('ar')).toBe('rtl');
  expect(directionOf('de')).toBe('ltr');
});

test('the en catalog holds exactly the messages of the source, each translated', async () => {
  const [catalog] = await getCatalogs(getConfig({ cwd: root, configPath: path.join(root, 'lingui.config.ts') }));
  const extracted = await catalog!.collect();
  const en = (await catalog!.read('en')) ?? {};
  const sourceIds = Object.keys(extracted ?? {}).sort();
  const catalogIds = Object.keys(en).filter((id) => !en[id]?.obsolete).sort();

  expect(sourceIds.length).toBeGreaterThan(0);
  // A difference means `npm run i18n:extract` was not run after changing messages.
  expect(catalogIds).toEqual(sourceIds);
  expect(sourceIds.filter((id) => !en[id]?.translation)).toEqual([]);
}, 60_000);
