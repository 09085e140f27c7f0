import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en } from '#server/i18n/locales/en.ts';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { readDevMailbox, startServer, type RunningServer } from '../support/server.ts';
import { fillSignUp, goTo, newPersonDetails } from '../support/e2e-steps.ts';
import { fillOnboarding } from '../support/tenant-steps.ts';
import { tenantIdInUrl } from '../support/billing-steps.ts';
import { addRedirectUri, createApplicationFromGuide, managementRequest, patchSignInExperience } from '../support/runtime-steps.ts';

const t = en.pages;

/**
 * Verification codes on a tenant's sign-in page, in Chromium against a real server: sign-in-experience.md's scenario B
 * steps 1-4 (an e-mail code at sign-up, through the Dev mailbox connector and /dev/mailbox.json) and a forgotten
 * password. The connector and the settings are made through the management API; the console's connectors page and its
 * code choices come with their own branch.
 */
describe('cloud edition: e-mail codes through the tenant Dev mailbox connector', () => {
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
    await goTo(admin, server.url, '/console');
    await fillSignUp(admin, owner);
    await fillOnboarding(admin, { name: 'Shop', region: 'Europe', collaborators: [] });
    await admin.waitForURL((url) => /^\/console\/[a-z0-9]+\/[a-z-]+/.test(url.pathname) && !url.pathname.includes('onboarding'));
    tenantId = tenantIdInUrl(admin);
    redirectUri = `${server.url.replace('localhost', '127.0.0.1')}/callback`;
    clientId = (await createApplicationFromGuide(admin, server.url, tenantId, 'spa-react', 'Storefront')).id;
    await addRedirectUri(admin, server.url, tenantId, clientId, redirectUri);
    await managementRequest(server.url, 'cloud', owner, tenantId, { method: 'POST', path: '/connectors', body: { connectorId: 'dev-mailbox', config: { senderName: 'Acme' } }, status: 200 });
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
  /** The six digits of the newest message the dev mailbox holds for `to`, as a person reads them. */
  const codeMailedTo = async (to: string) => {
    let code: string | undefined;
    await expect.poll(async () => (code = /\b(\d{6})\b/.exec((await readDevMailbox(server.devMailboxUrl(), to))[0]?.text ?? '')?.[1])).toMatch(/^\d{6}$/);
    return code!;
  };
  /** A visitor without JavaScript: the pages need none. */
  const visitor = async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    return { page: await context.newPage(), close: () => context.close() };
  };
  const endsAtApp = (page: Page) => expect(new URL(page.url()).searchParams.get('code')).toEqual(expect.any(String));

  test('B 1-4. Sign-up by e-mail verified with a code, then a password: the callback completes and Users lists the e-mail', async () => {
    await patchSignInExperience(server.url, 'cloud', owner, tenantId, {
      signUp: { identifiers: ['email'], password: true, verify: true },
      signIn: {
        methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true }],
      },
    });
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
    await code.fill(await codeMailedTo(email));
    await page.getByRole('button', { name: t.flow.continueButton }).click();
    await page.getByRole('heading', { name: t.codes.createPasswordTitle }).waitFor();
    await page.getByLabel(t.codes.newPasswordLabel).fill('Tr4il-Mossy-Kettle');
    await page.getByLabel(t.confirmPasswordLabel).fill('Tr4il-Mossy-Kettle');
    await page.getByRole('button', { name: t.createAccountButton }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    endsAtApp(page);
    await close();

    await goTo(admin, server.url, `/console/${tenantId}/users`);
    await admin.getByText(email).first().waitFor();
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
