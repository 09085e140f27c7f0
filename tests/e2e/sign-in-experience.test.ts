import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { en } from '#server/i18n/locales/en.ts';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { startBreachedRange, type BreachedRange } from '../support/breached-range.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { goTo, newPersonDetails } from '../support/e2e-steps.ts';
import { createStorefront, signUpWithTenant } from '../support/tenant-steps.ts';

const t = en.pages;
/** A 1×1 PNG: what the admin uploads as the logo. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * sign-in-experience.md's scenarios A, C and D against a real server. B's steps 1-4 (an e-mail code at sign-up) are in
 * sign-in-codes.test.ts; D 3 waits for a social connector and D 4 for organizations; B 5 is here.
 */
describe('cloud edition: the sign-in experience reaches the tenant sign-in page', () => {
  let browser: Browser;
  let server: RunningServer;
  let breached: BreachedRange;
  let admin: Page;
  let tenantId = '';
  let clientId = '';
  let redirectUri = '';

  beforeAll(async () => {
    breached = await startBreachedRange(['P@ssw0rd12345']);
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud', env: { BREACHED_PASSWORDS_URL: breached.url } })]);
    ({ page: admin } = await newPerson(browser));
    tenantId = await signUpWithTenant(admin, server.url, newPersonDetails('brand'), 'Shop');
    ({ clientId, redirectUri } = await createStorefront(admin, server.url, tenantId));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await breached?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await admin.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-sie-${task.name.slice(0, 2)}.png`) }).catch(() => {});
  });

  const authorizationUrl = (extra: Record<string, string> = {}) =>
    `${server.url}/t/${tenantId}/oidc/auth?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile',
      state: 'state-1',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ...extra,
    })}`;

  const tab = async (name: string) => {
    await admin.getByRole('navigation', { name: 'Sign-in experience tabs' }).getByRole('link', { name }).click();
  };
  const save = async () => {
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByRole('button', { name: 'Save changes' }).waitFor({ state: 'detached' });
  };

  test('A. Branding: colour, uploaded logo, dark mode and custom CSS persist, and the live page wears them in both schemes', async () => {
    await goTo(admin, server.url, `/console/${tenantId}/sign-in-experience`);
    await admin.waitForURL((url) => url.pathname.endsWith('/sign-in-experience/branding'));
    await admin.getByRole('textbox', { name: 'Brand colour', exact: true }).fill('#0a7d4f');
    await admin.getByRole('switch', { name: 'Dark mode' }).check();
    await admin.getByRole('textbox', { name: 'Dark brand colour', exact: true }).fill('#3ddc97');
    const chooser = admin.waitForEvent('filechooser');
    await admin.getByRole('button', { name: 'Upload image: Logo URL' }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    const logoUrl = admin.getByRole('textbox', { name: 'Logo URL', exact: true });
    await expect.poll(() => logoUrl.inputValue()).toMatch(/^http/);
    const uploaded = await logoUrl.inputValue();
    await admin.getByRole('textbox', { name: 'Dark logo URL' }).fill('https://cdn.example.test/dark-logo.png');
    await admin.getByRole('textbox', { name: 'Custom CSS' }).fill('.gh-footer{display:none}');
    await tab('Content');
    await admin.getByRole('textbox', { name: 'Terms of use URL' }).fill('https://shop.example.test/terms');
    await save();
    await admin.reload();
    await tab('Branding');
    expect(await admin.getByRole('textbox', { name: 'Brand colour', exact: true }).inputValue()).toBe('#0a7d4f');
    expect(await logoUrl.inputValue()).toBe(uploaded);

    const visitor = await browser.newContext({ colorScheme: 'light' });
    const page = await visitor.newPage();
    await page.goto(authorizationUrl());
    const button = page.getByRole('button', { name: t.signInButton });
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(10, 125, 79)');
    expect(await page.locator('img.gh-logo').getAttribute('src')).toBe(uploaded);
    // The custom CSS hides the footer's links; the form's notice of the Automatic terms keeps its own.
    await page.locator('.gh-footer').getByRole('link', { name: t.termsOfUse }).waitFor({ state: 'hidden' });
    await page.getByText(t.flow.termsNotice).waitFor();
    expect(await page.locator('.gh-footer').isHidden()).toBe(true);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(61, 220, 151)');
    expect(await page.locator('img.gh-logo').evaluate((image: HTMLImageElement) => image.currentSrc)).toBe('https://cdn.example.test/dark-logo.png');
    await visitor.close();
  });

  test('C. Password policy: the tester lists the failed rules; registration follows the saved policy and refuses a breached password, and goes on when the lookup is down', async () => {
    await goTo(admin, server.url, `/console/${tenantId}/sign-in-experience/password-policy`);
    const min = admin.getByRole('textbox', { name: 'Minimum length' });
    await min.fill('12');
    await admin.getByRole('button', { name: '3', exact: true }).click();
    const words = admin.getByRole('combobox', { name: 'Restricted words' });
    await words.fill('gatehouse');
    await words.press('Enter');
    await admin.getByLabel('Password to test').fill('gatehouse12');
    const failed = admin.getByRole('list', { name: 'Failed rules' });
    await expect.poll(() => failed.getByRole('listitem').allTextContents()).toEqual([
      'The password must have at least 12 characters.',
      'The password needs more kinds of characters (lowercase, uppercase, digits, symbols).',
      'The password contains a restricted word.',
    ]);
    await save();

    /** Registers by e-mail (a cloud tenant's default) on a fresh visitor's page; answers the page where it ended. */
    const register = async (password: string) => {
      const visitor = await browser.newContext({ javaScriptEnabled: false });
      const page = await visitor.newPage();
      await page.goto(authorizationUrl({ first_screen: 'register' }));
      await page.getByLabel(t.emailLabel).fill(`visitor-${Math.random().toString(36).slice(2, 10)}@example.test`);
      await page.getByLabel(t.passwordLabel, { exact: true }).fill(password);
      await page.getByLabel(t.confirmPasswordLabel).fill(password);
      await page.getByRole('button', { name: t.createAccountButton }).click();
      await page.waitForLoadState();
      return { page, close: () => visitor.close() };
    };
    const refused = await register('Gatehouse#Gatehouse');
    await refused.page.getByText(t.password['restricted.words']).waitFor();
    await refused.close();
    const pwned = await register('P@ssw0rd12345');
    await pwned.page.getByText(t.password.pwned).waitFor();
    await pwned.close();
    const accepted = await register('Tr4il-Mossy-Kettle');
    expect(new URL(accepted.page.url()).searchParams.get('code')).toEqual(expect.any(String));
    await accepted.close();
    // The lookup is down: it fails open.
    await breached.stop();
    const failedOpen = await register('P@ssw0rd12345');
    expect(new URL(failedOpen.page.url()).searchParams.get('code')).toEqual(expect.any(String));
    await failedOpen.close();
  });

  test('D 1-2. Query parameters: register first with the login hint, and the identifier step with the e-mail alone', async () => {
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto(authorizationUrl({ first_screen: 'register', login_hint: 'ann@example.com' }));
    await page.getByRole('button', { name: t.createAccountButton }).waitFor();
    expect(await page.getByLabel(t.emailLabel).inputValue()).toBe('ann@example.com');
    await page.goto(authorizationUrl({ first_screen: 'identifier:sign_in', identifier: 'email' }));
    await page.getByLabel(t.emailLabel).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(1);
    expect(await page.getByLabel(t.passwordLabel, { exact: true }).count()).toBe(0);
    await visitor.close();
  });

  test('B 5. Sign-in only: the register link is gone, and a registration posted anyway is refused', async () => {
    await goTo(admin, server.url, `/console/${tenantId}/sign-in-experience/sign-up-and-sign-in`);
    await admin.getByRole('radio', { name: 'Sign in only' }).check();
    await save();
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto(authorizationUrl());
    await page.getByRole('button', { name: t.signInButton }).waitFor();
    expect(await page.getByRole('link', { name: t.toSignUp }).count()).toBe(0);
    const pageUrl = page.url();
    const posted = await page.request.post(`${pageUrl}/register`, { form: { email: 'late@example.test', password: 'Tr4il-Mossy-Kettle', confirmPassword: 'Tr4il-Mossy-Kettle' }, maxRedirects: 0 });
    expect(posted.status()).toBe(403);
    await visitor.close();
  });

  test('Custom phrases: a language added in the console, its phrase saved, and the sign-in page in that language shows it', async () => {
    await goTo(admin, server.url, `/console/${tenantId}/sign-in-experience/content`);
    await admin.getByRole('button', { name: 'Manage languages' }).click();
    const editor = admin.getByRole('dialog', { name: 'Languages of the sign-in pages' });
    await editor.getByRole('textbox', { name: 'Add a language' }).fill('nl-BE');
    await editor.getByRole('button', { name: 'Add language' }).click();
    await editor.getByRole('textbox', { name: 'Find a phrase' }).fill('signInButton');
    await editor.getByRole('textbox', { name: 'signInButton', exact: true }).fill('Aanmelden');
    await editor.getByRole('button', { name: 'Save phrases' }).click();
    await editor.getByRole('button', { name: 'Delete phrases' }).waitFor();
    // The list shows the language as custom once refetched, a moment before the save ends and its toast shows; Close is
    // for after the save.
    await admin.getByText(/^Phrases of .+ saved$/).waitFor();
    await editor.getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'detached' });

    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto(authorizationUrl({ ui_locales: 'nl-BE' }));
    await page.getByRole('button', { name: 'Aanmelden' }).waitFor();
    // The phrases it has not set keep the English text.
    expect(await page.getByLabel(t.passwordLabel, { exact: true }).count()).toBe(1);
    await page.goto(authorizationUrl());
    await page.getByRole('button', { name: t.signInButton }).waitFor();
    await visitor.close();
  });

  test('D 5. Unsaved edits: leaving for Users asks first, and staying keeps the edits', async () => {
    await goTo(admin, server.url, `/console/${tenantId}/sign-in-experience/content`);
    await admin.getByRole('textbox', { name: 'Support e-mail' }).fill('help@shop.example.test');
    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
    const question = admin.getByRole('dialog', { name: 'Leave this page?' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(admin.url()).pathname).toBe(`/console/${tenantId}/sign-in-experience/content`);
    expect(await admin.getByRole('textbox', { name: 'Support e-mail' }).inputValue()).toBe('help@shop.example.test');
  });
});
