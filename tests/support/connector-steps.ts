import type { Locator, Page } from 'playwright-core';
import { goTo } from './e2e-steps.ts';

/** Scenario steps for the connectors page and the sign-in experience's use of them, as an admin does them in the console. */

export const connectorGuide = (page: Page) => page.getByRole('dialog', { name: 'Connector guide' });

/** Saves the guide's connector and waits for its details page; answers the new connector's id. */
export const saveAndDone = async (page: Page, tenantId: string, tab: 'passwordless' | 'social') => {
  await connectorGuide(page).getByRole('button', { name: 'Save and done' }).click();
  await page.waitForURL((url) => new RegExp(`/console/${tenantId}/connectors/${tab}/[\\w-]+$`).test(url.pathname));
  return new URL(page.url()).pathname.split('/').at(-1)!;
};

/**
 * Sets up the tenant's e-mail or SMS connector from its row on the passwordless tab: the picker, the factory, its
 * guide (`fill` enters the parameters), Save and done. Answers the connector's id.
 */
export const setUpPasswordless = async (
  page: Page,
  baseUrl: string,
  tenantId: string,
  { type, factory, fill }: { type: 'Email' | 'Sms'; factory: RegExp; fill: (guide: Locator) => Promise<void> },
) => {
  await goTo(page, baseUrl, `/console/${tenantId}/connectors/passwordless`);
  const row = page.getByRole('table', { name: 'Passwordless connectors' }).getByRole('row', { name: type === 'Email' ? /E-mail connector/ : /SMS connector/ });
  await row.getByRole('link', { name: 'Set up' }).click();
  const picker = page.getByRole('dialog', { name: type === 'Email' ? 'Set up an e-mail connector' : 'Set up an SMS connector' });
  await picker.getByRole('radio', { name: factory }).click();
  await picker.getByRole('button', { name: 'Next' }).click();
  await fill(connectorGuide(page));
  return saveAndDone(page, tenantId, 'passwordless');
};

/** Opens the social tab's picker, chooses the factory and goes on to its guide. */
export const pickSocialFactory = async (page: Page, baseUrl: string, tenantId: string, factory: RegExp) => {
  await goTo(page, baseUrl, `/console/${tenantId}/connectors/social/create/Social`);
  const picker = page.getByRole('dialog', { name: 'Add social connector' });
  await picker.getByRole('radio', { name: factory }).click();
  await picker.getByRole('button', { name: 'Next' }).click();
  return connectorGuide(page);
};

/** The connector's details page: actions → Delete, confirmed; back on its tab's list. */
export const deleteConnector = async (page: Page, baseUrl: string, tenantId: string, tab: 'passwordless' | 'social', id: string) => {
  await goTo(page, baseUrl, `/console/${tenantId}/connectors/${tab}/${id}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete connector' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith(`/connectors/${tab}`));
};

/** The sign-in experience's Sign-up and sign-in tab. */
export const openSignUpAndSignIn = async (page: Page, baseUrl: string, tenantId: string) => {
  await goTo(page, baseUrl, `/console/${tenantId}/sign-in-experience/sign-up-and-sign-in`);
  await page.getByRole('combobox', { name: 'Sign-up identifier' }).waitFor();
};

/** Adds the named social connector's button to the sign-in page (saved with the other edits). */
export const addSocialButton = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Add a social button' }).click();
  await page.getByRole('menuitem', { name }).click();
  await page.getByRole('group', { name: /Social sign-in buttons/ }).getByText(name, { exact: true }).waitFor();
};

/** Saves the sign-in experience; a change to how users sign in asks first, and is confirmed. */
export const saveSignInExperience = async (page: Page) => {
  await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
  const question = page.getByRole('dialog', { name: 'Save changes to how users sign in?' });
  const asked = await Promise.race([
    question.waitFor().then(() => true),
    page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' }).then(() => false),
  ]);
  if (asked) await question.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
};
