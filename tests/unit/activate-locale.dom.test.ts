import { expect, test, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { activateLocale } from '#src/i18n/activate.ts';

const dayjsImported = vi.hoisted(() => vi.fn());
vi.mock('dayjs', async (importOriginal) => {
  dayjsImported();
  return importOriginal();
});

test('English loads no date library (dayjs speaks it already); another language loads it, and going back sets English again', async () => {
  await activateLocale('en');
  expect(i18n.locale).toBe('en');
  expect(dayjsImported).not.toHaveBeenCalled();

  await activateLocale('de');
  const { default: dayjs } = await import('dayjs');
  expect(dayjs.locale()).toBe('de');

  await activateLocale('en');
  expect(dayjs.locale()).toBe('en');
  expect(document.documentElement.lang).toBe('en');
});
