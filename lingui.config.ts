import { defineConfig } from '@lingui/cli';
import { locales, sourceLocale } from './src/i18n/locales.ts';

export default defineConfig({
  sourceLocale,
  locales: [...locales],
  fallbackLocales: { default: sourceLocale },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src', 'machines'] }],
});
