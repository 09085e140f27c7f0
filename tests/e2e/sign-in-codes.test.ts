import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en } from '#server/i18n/locales/en.ts';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { readDevMailbox, readDevSms, startServer, type RunningServer } from '../support/server.ts';
import { goTo, newPersonDetails } from '../support/e2e-steps.ts';
import { openSignUpAndSignIn, saveSignInExperience, setUpPasswordless } from '../support/connector-steps.ts';
import { createStorefront, signUpWithTenant } from '../support/tenant-steps.ts';
import { patchSignInExperience } from '../support/runtime-steps.ts';

const t = en.pages;

/**
 * Verification codes on a tenant's sign-in page, in Chromium against a real server: connectors.md's scenario A 6 and
 * sign-in-experience.md's B 1-4 (the Dev mailbox connector and e-mail code sign-up set up in the console, a
 * registration with the code from /dev/mailbox.json), the same by SMS through the Dev SMS outbox, and a forgotten
 * password.
 */
describe('cloud edition: e-mail and SMS codes through the tenant’s dev connectors, set up in the console', () => {
  let browser: Browser;
  let server: RunningServer;
  let admin: Page;
  const owner = newPersonDetails('codes');
  let tenantId = '';
  let clientId = '';
  let redirectUri = '';

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    ({ page: admin } = await newPerson(browser));
    tenantId = await signUpWithTenant(admin, server.url, owner, 'Shop');
    ({ clientId, redirectUri } = await createStorefront(admin, server.url, tenantId));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const authorizationUrl = (extra: Record<string, string> = {}) =>
    `${server.url}/t/${tenantId}/oidc/auth?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      state: 'state-1',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ...extra,
    })}`;
  /** The six digits of the newest message `read` finds, as a person reads them. */
  const sixDigits = async (read: () => Promise<string | undefined>) => {
    let code: string | undefined;
    await expect.poll(async () => (code = /\b(\d{6})\b/.exec((await read()) ?? '')?.[1])).toMatch(/^\d{6}$/);
    return code!;
  };
  const codeMailedTo = async (to: string) => sixDigits(async () => (await readDevMailbox(server.devMailboxUrl(), to))[0]?.text);
  /** In the console: the tenant's dev connector of `type`, sending as "Acme", then sign-up by `identifier` verified with a code. */
  const codeSignUpInConsole = async (type: 'Email' | 'Sms', identifier: 'email' | 'phone') => {
    await setUpPasswordless(admin, server.url, tenantId, {
      type,
      factory: type === 'Email' ? /Dev mailbox/ : /Dev SMS outbox/,
      fill: (guide) => guide.getByRole('textbox', { name: type === 'Email' ? /^Sender name/ : /^Sender label/ }).fill('Acme'),
    });
    await openSignUpAndSignIn(admin, server.url, tenantId);
    await admin.getByRole('combobox', { name: 'Sign-up identifier' }).selectOption(identifier);
    await admin.getByRole('checkbox', { name: /^Verify the e-mail address/ }).check();
    await saveSignInExperience(admin);
  };
  /** The code typed back, then the password the registration asks for: the app gets its code. */
  const finishRegistration = async (page: Page, code: string) => {
    await page.getByLabel(t.codes.codeLabel).fill(code);
    await page.getByRole('button', { name: t.flow.continueButton }).click();
    await page.getByRole('heading', { name: t.codes.createPasswordTitle }).waitFor();
    await page.getByLabel(t.codes.newPasswordLabel).fill('Tr4il-Mossy-Kettle');
    await page.getByLabel(t.confirmPasswordLabel).fill('Tr4il-Mossy-Kettle');
    await page.getByRole('button', { name: t.createAccountButton }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    endsAtApp(page);
  };
  /** A visitor without JavaScript: the pages need none. */
  const visitor = async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    return { page: await context.newPage(), close: () => context.close() };
  };
  const endsAtApp = (page: Page) => expect(new URL(page.url()).searchParams.get('code')).toEqual(expect.any(String));

  test('A 6 (B 1-4). In the console: the Dev mailbox connector, then e-mail sign-up verified with a code; a visitor registers with the mailed code and a password, and Users lists the e-mail', async () => {
    await codeSignUpInConsole('Email', 'email');
    const { page, close } = await visitor();
    await page.goto(authorizationUrl());
    await page.getByRole('link', { name: t.toSignUp }).click();
    const email = `b-${Date.now().toString(36)}@example.test`;
    await page.getByLabel(t.emailLabel).fill(email);
    expect(await page.getByLabel(t.passwordLabel, { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: t.flow.continueButton }).click();
    await page.getByText(t.codes.codeSentTo(email)).waitFor();
    const code = page.getByLabel(t.codes.codeLabel);
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await finishRegistration(page, await codeMailedTo(email));
    await close();

    await goTo(admin, server.url, `/console/${tenantId}/users`);
    await admin.getByText(email).first().waitFor();
  });

  test('SMS: in the console, the Dev SMS outbox connector and phone sign-up verified with a code; a visitor registers with the code from the outbox', async () => {
    await codeSignUpInConsole('Sms', 'phone');

    const { page, close } = await visitor();
    await page.goto(authorizationUrl({ first_screen: 'register' }));
    const phone = `+1555${Date.now().toString().slice(-7)}`;
    await page.getByLabel(t.flow.phoneLabel).fill(phone);
    await page.getByRole('button', { name: t.flow.continueButton }).click();
    const code = await sixDigits(async () => (await readDevSms(server.devMailboxUrl(), phone))[0]?.text);
    expect((await readDevSms(server.devMailboxUrl(), phone))[0]?.from).toBe('Acme');
    await finishRegistration(page, code);
    await close();
  });

  test('Forgot password: the link, the e-mail, the code, a new password; back to sign-in, where the new password signs in', async () => {
    await patchSignInExperience(server.url, 'cloud', owner, tenantId, {
      signUp: { identifiers: ['email'], password: true, verify: false },
      signIn: { methods: [{ identifier: 'email', password: true, verificationCode: false, isPasswordPrimary: true }] },
    });
    const email = `f-${Date.now().toString(36)}@example.test`;
    const registering = await visitor();
    await registering.page.goto(authorizationUrl({ first_screen: 'register' }));
    await registering.page.getByLabel(t.emailLabel).fill(email);
    await registering.page.getByLabel(t.passwordLabel, { exact: true }).fill('Old-Mossy-Kettle-1');
    await registering.page.getByLabel(t.confirmPasswordLabel).fill('Old-Mossy-Kettle-1');
    await registering.page.getByRole('button', { name: t.createAccountButton }).click();
    await registering.page.waitForURL((url) => url.href.startsWith(redirectUri));
    await registering.close();

    const { page, close } = await visitor();
    await page.goto(authorizationUrl());
    await page.getByRole('link', { name: t.codes.forgotPasswordLink }).click();
    await page.getByRole('heading', { name: t.codes.forgotTitle }).waitFor();
    await page.getByLabel(t.emailLabel).fill(email);
    await page.getByRole('button', { name: t.codes.sendCodeButton }).click();
    await page.getByLabel(t.codes.codeLabel).fill(await codeMailedTo(email));
    await page.getByRole('button', { name: t.flow.continueButton }).click();
    await page.getByRole('heading', { name: t.codes.newPasswordTitle }).waitFor();
    await page.getByLabel(t.codes.newPasswordLabel).fill('New-Mossy-Kettle-2');
    await page.getByLabel(t.confirmPasswordLabel).fill('New-Mossy-Kettle-2');
    await page.getByRole('button', { name: t.codes.savePasswordButton }).click();
    await page.getByText(t.codes.passwordReset).waitFor();
    expect(await page.getByLabel(t.emailLabel).inputValue()).toBe(email);
    await page.getByLabel(t.passwordLabel).fill('New-Mossy-Kettle-2');
    await page.getByRole('button', { name: t.signInButton }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    endsAtApp(page);
    await close();
  });
});
