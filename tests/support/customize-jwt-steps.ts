import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as client from 'openid-client';
import { en } from '#server/i18n/locales/en.ts';
import { goTo } from './e2e-steps.ts';

/** Scenario steps of the custom JWT pages (customize-jwt.md §9), and the relying party that gets real tokens. */

export const goToJwtEditor = async (page: Page, baseUrl: string, tenantId: string, tokenType: 'access-token' | 'client-credentials', action: 'create' | 'edit') => {
  await goTo(page, baseUrl, `/console/${tenantId}/customize-jwt/${tokenType}/${action}`);
  // The editor shows once the page has loaded the saved script.
  await scriptEditor(page).waitFor({ timeout: 20_000 });
};

export const scriptEditor = (page: Page) => page.getByRole('textbox', { name: 'Script', exact: true });

/** Replaces the script: the text goes in as typed text would, without the editor's auto-indent. */
export const setScript = async (page: Page, script: string) => {
  const editor = scriptEditor(page);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(script);
};

export const addVariable = async (page: Page, key: string, value: string) => {
  await page.getByRole('tab', { name: 'Environment variables' }).click();
  await page.getByRole('button', { name: 'Add variable' }).click();
  await page.getByRole('textbox', { name: 'Key' }).last().fill(key);
  await page.getByLabel('Value', { exact: true }).last().fill(value);
};

/** Runs the Test and answers the result panel's text once the run has ended. */
export const runTest = async (page: Page) => {
  await page.getByRole('tab', { name: 'Test' }).click();
  const run = page.getByRole('button', { name: 'Run test' });
  await run.click();
  await page.locator('button[aria-busy="true"]', { hasText: 'Run test' }).waitFor({ state: 'detached', timeout: 20_000 });
  return page.getByRole('tabpanel', { name: 'Test' }).innerText();
};

/** Saves (or creates) the script and waits for its toast. */
export const saveScript = async (page: Page) => {
  const create = page.getByRole('button', { name: 'Create', exact: true });
  const creating = await create.isVisible();
  // The save's own answer: the toast of an earlier save may still be up, so it alone would not say this one is done.
  const answered = page.waitForResponse((response) => /\/configs\/jwt-customizer\/[a-z-]+$/.test(new URL(response.url()).pathname) && ['PUT', 'PATCH'].includes(response.request().method()));
  await (creating ? create : page.getByRole('button', { name: 'Save', exact: true })).click();
  expect((await answered).ok()).toBe(true);
  await page.getByText(creating ? 'Script created' : 'Saved', { exact: true }).first().waitFor();
};

/** What an application knows of the tenant: its issuer, from which openid-client reads the discovery document. */
export const relyingParty = (issuer: string, clientId: string, secret?: string) =>
  client.discovery(new URL(issuer), clientId, undefined, secret === undefined ? client.None() : client.ClientSecretBasic(secret), {
    execute: [client.allowInsecureRequests],
  });

/** An app of the tenant as openid-client knows it, and the redirect URI it registered. */
export type RelyingApp = { rp: client.Configuration; redirectUri: string };

/**
 * An end user at the app, in a browser of their own: the app sends them to the tenant's pages asking for the API
 * `resource` with `scope` and a refresh token (authorization code with PKCE); they register there, or sign in; at its
 * callback, the app exchanges the code for tokens with that resource. Rejects with the token endpoint's error.
 */
export const signInThroughApp = async (
  browser: Browser,
  { rp, redirectUri }: RelyingApp,
  { resource, scope }: { resource: string; scope: string },
  person: { email: string; password: string; register?: boolean },
) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pkceCodeVerifier = client.randomPKCECodeVerifier();
    const expectedState = client.randomState();
    const authorization = client.buildAuthorizationUrl(rp, {
      redirect_uri: redirectUri,
      scope: `openid offline_access ${scope}`,
      resource,
      prompt: 'consent',
      state: expectedState,
      code_challenge: await client.calculatePKCECodeChallenge(pkceCodeVerifier),
      code_challenge_method: 'S256',
      ...(person.register ? { first_screen: 'register' } : {}),
    });
    await page.goto(authorization.href);
    const t = en.pages;
    if (person.register) {
      await page.getByLabel(t.emailLabel).fill(person.email);
      await page.getByLabel(t.passwordLabel, { exact: true }).fill(person.password);
      await page.getByLabel(t.confirmPasswordLabel).fill(person.password);
      await page.getByRole('button', { name: t.createAccountButton }).click();
    } else {
      await page.getByLabel(t.identifierLabel).fill(person.email);
      await page.getByLabel(t.passwordLabel).fill(person.password);
      await page.getByRole('button', { name: t.signInButton }).click();
    }
    await page.waitForURL((url) => url.href.startsWith(redirectUri), { timeout: 15_000 }).catch(async () => {
      throw new Error(`not at the app but at ${page.url()}: ${await page.locator('main').textContent()}`);
    });
    return await client.authorizationCodeGrant(rp, new URL(page.url()), { pkceCodeVerifier, expectedState }, { resource });
  } finally {
    await context.close();
  }
};

/** Opens the settings of the tenant's user whose row shows `email`. */
export const openUserSettings = async (page: Page, baseUrl: string, tenantId: string, email: string) => {
  await goTo(page, baseUrl, `/console/${tenantId}/users?${new URLSearchParams({ q: email })}`);
  await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: email }).click();
  await page.waitForURL((url) => /\/users\/[a-z0-9]+\/settings$/.test(url.pathname));
};

/** On the user's settings: replaces their custom data and saves. */
export const saveCustomData = async (page: Page, customData: Record<string, unknown>) => {
  await page.getByRole('textbox', { name: 'Custom data' }).fill(JSON.stringify(customData, null, 2));
  const unsaved = page.getByRole('region', { name: 'Unsaved changes' });
  await unsaved.getByRole('button', { name: 'Save changes' }).click();
  await unsaved.waitFor({ state: 'detached' });
};

/** On the user's page: gives them the role from the Roles tab. */
export const assignUserRole = async (page: Page, role: string) => {
  await page.getByRole('navigation', { name: 'User tabs' }).getByRole('link', { name: 'Roles' }).click();
  // The header's button (the empty table offers one too).
  await page.getByRole('button', { name: 'Assign roles' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Assign roles' });
  await dialog.getByRole('checkbox', { name: role }).check();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('table', { name: 'Roles' }).getByRole('link', { name: role }).waitFor();
};

export { client };
