import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { locales, sourceLocale } from './schemas/locales.ts';

export default defineConfig({
  sourceLocale,
  locales: [...locales],
  fallbackLocales: { default: sourceLocale },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src', 'machines'] }],
  // Origins without line numbers: a catalog changes only when its messages do, so parallel changes merge cleanly.
  format: formatter({ lineNumbers: false }),
});
