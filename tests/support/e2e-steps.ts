import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Scenario steps for the end-to-end suites: goTo…, fill…, click…, assert…, by what a person sees. */
export type Person = { username: string; email: string; password: string };

let counter = 0;
export const newPersonDetails = (prefix = 'user'): Person => {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username: id, email: `${id}@example.com`, password: `Kx9!${Math.random().toString(36).slice(2, 10)}Qz` };
};

export const goTo = async (page: Page, baseUrl: string, path: string) => {
  await page.goto(new URL(path, baseUrl).toString());
};

export const assertOnSignInPage = async (page: Page) => {
  await page.getByLabel('Password', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
};

export const fillSignUp = async (page: Page, person: Person) => {
  if (!(await page.getByLabel('Confirm password').isVisible())) {
    await page.getByRole('link', { name: 'Sign up' }).click();
  }
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
};

export const fillSignIn = async (page: Page, identifier: string, password: string) => {
  await page.getByLabel('Username or e-mail').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** The signed-in shell: the sidebar's navigation with its first items. */
export const assertShellVisible = async (page: Page, firstItem = 'Applications') => {
  await page.getByRole('link', { name: firstItem }).first().waitFor();
};

export const assertUrl = (page: Page, pathWithSearchAndHash: string) => {
  const url = new URL(page.url());
  expect(`${url.pathname}${url.search}${url.hash}`).toBe(pathWithSearchAndHash);
};

/** Opens the user menu (a button named after the user) and picks an entry of one of its submenus. */
export const chooseInUserMenu = async (page: Page, userName: string, submenu: string, option: string) => {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: submenu }).click();
  await page.getByRole('menuitemradio', { name: option }).click();
};

export const clickSignOut = async (page: Page, userName: string) => {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
};

export const assertColorScheme = async (page: Page, scheme: 'light' | 'dark') => {
  await page.waitForFunction((expected) => document.documentElement.dataset.mantineColorScheme === expected, scheme);
};
