import type { Page } from 'playwright-core';
import * as client from 'openid-client';
import { goTo } from './e2e-steps.ts';

/** Scenario steps of the custom JWT pages (customize-jwt.md §9), and the relying party that gets real tokens. */

export const goToJwtEditor = async (page: Page, baseUrl: string, tenantId: string, tokenType: 'access-token' | 'client-credentials', action: 'create' | 'edit') => {
  await goTo(page, baseUrl, `/console/${tenantId}/customize-jwt/${tokenType}/${action}`);
  // The editor loads in its own chunk after the page.
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
  await (creating ? create : page.getByRole('button', { name: 'Save', exact: true })).click();
  await page.getByText(creating ? 'Script created' : 'Saved', { exact: true }).first().waitFor();
};

/** What an application knows of the tenant: its issuer, from which openid-client reads the discovery document. */
export const relyingParty = (issuer: string, clientId: string, secret?: string) =>
  client.discovery(new URL(issuer), clientId, undefined, secret === undefined ? client.None() : client.ClientSecretBasic(secret), {
    execute: [client.allowInsecureRequests],
  });

export { client };
