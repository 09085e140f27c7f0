import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { readCatalog, translator, type Catalog } from '../support/catalogs.ts';
import { chooseInUserMenu, goTo, newPersonDetails, reload, settle } from '../support/e2e-steps.ts';
import { serverMessages } from '#server/i18n/catalog.ts';
import type { Locale } from '#schemas/locales.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English source strings of the console that `locale` writes differently: each message's text between its
 * placeholders (`{name}`, `<0>`), as patterns matched on whole words. Text the locale keeps as is (product and plan
 * names) is left out.
 */
function englishStrings(en: Catalog, translated: Catalog) {
  // A word the language's own translations use (Japanese writes "Webhook") is not English left over.
  const borrowed = new Set(Object.values(translated).map((entry) => entry.translation?.trim()));
  return Object.entries(en)
    .filter(([id, entry]) => entry.message && translated[id]?.translation !== entry.message)
    .flatMap(([, entry]) => entry.message!.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<\/?\d+\/?>/))
    .map((part) => part.trim().replace(/^[,.:;·]\s*|[,.:;]$/g, ''))
    .filter((part) => /\p{L}{2}/u.test(part) && !borrowed.has(part))
    .map((part) => ({ text: part, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escape(part)}(?![\\p{L}\\p{N}])`, 'u') }));
}

/** The English strings the page shows, once its requests have settled. */
async function englishShown(page: Page, strings: ReturnType<typeof englishStrings>) {
  await settle(page);
  const text = await page.evaluate(() => document.body.innerText);
  return [...new Set(strings.filter(({ pattern }) => pattern.test(text)).map(({ text: found }) => found))];
}

/**
 * The message ids the page shows instead of text: the build's catalogs hold each message by id, so a message whose
 * catalog had not loaded would show as its id.
 */
async function idsShown(page: Page, en: Catalog) {
  const words = new Set((await page.evaluate(() => document.body.innerText)).split(/\s+/));
  return Object.keys(en).filter((id) => words.has(id));
}

/** `<html lang dir>`; a page without `dir` is left to right. */
const assertDocument = async (page: Page, lang: Locale, dir: 'ltr' | 'rtl') => {
  await page.waitForFunction(([l, d]) => document.documentElement.lang === l && (document.documentElement.dir || 'ltr') === d, [lang, dir]);
};

/** Issue 11: a browser set to Japanese gets the console in Japanese; Arabic turns it right to left. */
describe('the console in the browser language, and in Arabic right to left', () => {
  const person = newPersonDetails('ja');
  let browser: Browser;
  let server: RunningServer;
  let page: Page;
  let tenantId = '';
  const catalogs = {} as Record<'en' | 'ja' | 'ar', Catalog>;

  beforeAll(async () => {
    [browser, server, catalogs.en, catalogs.ja, catalogs.ar] = await Promise.all([
      launchBrowser(), startServer({ edition: 'cloud' }), readCatalog('en'), readCatalog('ja'), readCatalog('ar'),
    ]);
    ({ page } = await newPerson(browser, 'ja-JP'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-languages-${task.name.slice(0, 1)}.png`) }).catch(() => {});
  });

  /** The tenant settings page and the profile page, each checked for English text. */
  const assertNoEnglish = async (locale: 'ja' | 'ar') => {
    const t = translator(catalogs.en, catalogs[locale]);
    const strings = englishStrings(catalogs.en, catalogs[locale]);
    await goTo(page, server.url, `/console/${tenantId}/tenant-settings/settings`);
    await page.getByRole('textbox', { name: t('Tenant name') }).waitFor();
    expect(await englishShown(page, strings)).toEqual([]);
    await goTo(page, server.url, '/console/profile');
    await page.getByRole('heading', { name: t('Profile'), exact: true, level: 1 }).waitFor();
    expect(await englishShown(page, strings)).toEqual([]);
    expect(await idsShown(page, catalogs.en)).toEqual([]);
  };

  test('1. a browser set to Japanese signs up and gets the sign-up page and the console in Japanese', async () => {
    const ja = serverMessages.ja.pages;
    await goTo(page, server.url, '/console');
    await page.getByRole('link', { name: ja.toSignUp }).click();
    await assertDocument(page, 'ja', 'ltr');
    await page.getByLabel(ja.usernameLabel, { exact: true }).fill(person.username);
    await page.getByLabel(ja.emailLabel, { exact: true }).fill(person.email);
    await page.getByLabel(ja.passwordLabel, { exact: true }).fill(person.password);
    await page.getByLabel(ja.confirmPasswordLabel, { exact: true }).fill(person.password);
    await page.getByRole('button', { name: ja.createAccountButton }).click();

    await page.waitForURL((url) => url.pathname === '/console/onboarding/create-tenant');
    await assertDocument(page, 'ja', 'ltr');
    const t = translator(catalogs.en, catalogs.ja);
    expect(await englishShown(page, englishStrings(catalogs.en, catalogs.ja))).toEqual([]);
    await page.getByLabel(t('Tenant name')).fill('見本株式会社');
    await page.getByRole('radio', { name: new RegExp(`^${t('Europe')}`) }).check();
    await page.getByRole('button', { name: t('Create'), exact: true }).click();
    await page.waitForURL((url) => /^\/console\/[a-z0-9]+\/[a-z-]+/.test(url.pathname) && !url.pathname.includes('onboarding'));
    tenantId = new URL(page.url()).pathname.split('/')[2] ?? '';

    await assertNoEnglish('ja');
  });

  test('2. switching to Arabic lays the console out right to left, the page open in Arabic too, and a reload keeps it', async () => {
    const t = translator(catalogs.en, catalogs.ja);
    await chooseInUserMenu(page, person.username, t('Language'), 'العربية');
    await assertDocument(page, 'ar', 'rtl');
    // The profile page's own messages come in Arabic as well, not only the first screen's.
    await page.getByRole('heading', { name: translator(catalogs.en, catalogs.ar)('Profile'), level: 1 }).waitFor();
    expect(await englishShown(page, englishStrings(catalogs.en, catalogs.ar))).toEqual([]);
    expect(await idsShown(page, catalogs.en)).toEqual([]);
    await reload(page);
    await assertDocument(page, 'ar', 'rtl');
    await page.getByRole('heading', { name: translator(catalogs.en, catalogs.ar)('Profile'), level: 1 }).waitFor();
  });

  test('3. the tenant settings and profile pages show no English in Arabic', async () => {
    await assertNoEnglish('ar');
  });

  test('4. a page opened from the sidebar comes with its text in Arabic', async () => {
    const t = translator(catalogs.en, catalogs.ar);
    await goTo(page, server.url, `/console/${tenantId}/get-started`);
    await page.getByRole('navigation', { name: t('Main navigation') }).getByRole('link', { name: t('API resources') }).click();
    await page.getByRole('table', { name: t('API resources') }).getByRole('link').first().waitFor();
    // Messages only this page uses, from its own catalog.
    await page.getByRole('searchbox', { name: t('Search by name or identifier') }).waitFor();
    await page.getByRole('columnheader', { name: t('API identifier') }).waitFor();
    expect(await englishShown(page, englishStrings(catalogs.en, catalogs.ar))).toEqual([]);
    expect(await idsShown(page, catalogs.en)).toEqual([]);
  });
});
