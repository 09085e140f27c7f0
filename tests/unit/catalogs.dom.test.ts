import { expect, test, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { activateLocale } from '#src/i18n/activate.ts';
import { withCatalog } from '#src/i18n/catalogs.ts';

// The build's catalogs, as vite.catalogs.ts makes them: the first screen's, and one per key, each message in its language.
const fetches = vi.hoisted(() => [] as string[]);
vi.mock('virtual:gatehouse-catalogs', () => ({
  firstScreenCatalog: 'first',
  loadMessages: async (key: string, locale: string) => {
    fetches.push(`${key} ${locale}`);
    return { [`${key}.title`]: `${key} in ${locale}` };
  },
}));

test("a page's code resolves once its catalog is in the active language; asked again, the catalog is not fetched again", async () => {
  await activateLocale('en');
  expect(i18n._('first.title')).toBe('first in en');
  let code: (module: { page: string }) => void = () => {};
  const page = withCatalog(new Promise<{ page: string }>((resolve) => (code = resolve)), 'page');
  code({ page: 'code' });
  expect(await page).toEqual({ page: 'code' });
  expect(i18n._('page.title')).toBe('page in en');

  const changes = vi.fn();
  const stop = i18n.on('change', changes);
  expect(await withCatalog(Promise.resolve({ page: 'again' }), 'page')).toEqual({ page: 'again' });
  stop();
  expect(changes).not.toHaveBeenCalled();
  expect(fetches.filter((fetch) => fetch === 'page en')).toHaveLength(1);
  // Code whose messages are all on the first screen fetches nothing.
  expect(await withCatalog(Promise.resolve('shell'), '')).toBe('shell');
});

test('a language change loads the new language for the first screen and for all the code loaded so far', async () => {
  await withCatalog(Promise.resolve({}), 'dialog');
  await activateLocale('de');
  expect(i18n.locale).toBe('de');
  expect(['first.title', 'page.title', 'dialog.title'].map((id) => i18n._(id))).toEqual(['first in de', 'page in de', 'dialog in de']);
  await activateLocale('en');
  expect(i18n._('dialog.title')).toBe('dialog in en');
});
