import type { Page } from 'playwright-core';

/** Scenario steps for plans and checkout (cloud), by what a person sees. */

export const testCards = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** From the production-tenant banner: a production tenant named `name`, then the plan picked by `planButton`. */
export const createProductionTenant = async (page: Page, name: string, planButton: 'Buy Pro' | 'Create with Free') => {
  await page.getByRole('button', { name: 'Create production tenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create tenant' });
  await dialog.getByLabel('Tenant name').fill(name);
  await dialog.getByRole('radio', { name: 'Production' }).check();
  await dialog.getByRole('button', { name: 'Create tenant', exact: true }).click();
  await page.getByRole('dialog', { name: 'Choose a plan' }).getByRole('button', { name: planButton }).click();
};

export const payOnHostedCheckout = async (page: Page, card: string) => {
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Pay' }).click();
};

export const assertToast = async (page: Page, text: string) => {
  await page.getByText(text, { exact: true }).first().waitFor();
};

export const tenantIdInUrl = (page: Page) => new URL(page.url()).pathname.split('/')[2] ?? '';
