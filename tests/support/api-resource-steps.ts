import type { Page } from 'playwright-core';
import { goTo } from './e2e-steps.ts';

/** Scenario steps for API resources, by what a person sees. */

export const goToApiResources = async (page: Page, baseUrl: string, tenantId: string) => {
  await goTo(page, baseUrl, `/console/${tenantId}/api-resources`);
  await page.getByRole('table', { name: 'API resources' }).waitFor();
};

export const resourceRowNames = async (page: Page) =>
  (await page.getByRole('table', { name: 'API resources' }).locator('tbody tr td:first-child').allInnerTexts()).map((text) => text.trim());

export const fillCreateApiResource = async (page: Page, name: string, indicator: string) => {
  const dialog = page.getByRole('dialog', { name: 'Create API resource' });
  await dialog.getByRole('textbox', { name: 'API name' }).fill(name);
  await dialog.getByRole('textbox', { name: /API identifier/ }).fill(indicator);
  await dialog.getByRole('button', { name: 'Create API resource' }).click();
};

export const createApiResource = async (page: Page, name: string, indicator: string) => {
  await page.getByRole('link', { name: 'Create API resource' }).click();
  await fillCreateApiResource(page, name, indicator);
};

export const fillCreatePermission = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Create permission' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create permission' });
  await dialog.getByRole('textbox', { name: 'Permission name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create permission' }).click();
  return dialog;
};

export const openResourceTab = async (page: Page, tab: 'Permissions' | 'General') => {
  await page.getByRole('navigation', { name: 'API resource tabs' }).getByRole('link', { name: tab }).click();
};

export const saveChanges = async (page: Page) => {
  await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
};
