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

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests under way, so a step can wait for the console to finish what it is doing. */
export const trackRequests = (page: Page) => {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('framenavigated', (frame) => frame === page.mainFrame() && pending.clear());
};

/**
 * Waits until no request has been under way for half a second. A person does not type a new address while the
 * console is still checking their access or starting a sign-in; a test that did would abandon that work halfway.
 */
export const settle = async (page: Page, quietMs = 500, timeoutMs = 20_000) => {
  const pending = inFlight.get(page);
  if (!pending) return;
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
};

export const goTo = async (page: Page, baseUrl: string, path: string) => {
  await settle(page);
  await page.goto(new URL(path, baseUrl).toString());
};

export const reload = async (page: Page) => {
  await settle(page);
  await page.reload();
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

/**
 * Opens the user menu (a button named after the user) until `item` shows. The menu also opens on hover, so a click
 * that lands after the hover delay can toggle it shut again; a second click then opens it.
 */
const openUserMenu = async (page: Page, userName: string, item: string) => {
  const entry = page.getByRole('menuitem', { name: item });
  for (let attempt = 0; attempt < 3 && !(await entry.isVisible()); attempt += 1) {
    await page.getByRole('button', { name: userName }).click();
    await entry.waitFor({ timeout: 3000 }).catch(() => {});
  }
  return entry;
};

/**
 * Opens the user menu and picks an entry of one of its submenus, then closes the menu, which stays open after a choice.
 * Left open with one submenu shown, the next choice would hover another submenu's entry open and then click it shut.
 */
export const chooseInUserMenu = async (page: Page, userName: string, submenu: string, option: string) => {
  await (await openUserMenu(page, userName, submenu)).click();
  await page.getByRole('menuitemradio', { name: option }).click();
  // Escape closes the innermost open menu once it has finished opening and holds the focus, which on a busy machine
  // may take longer than a fixed wait: it is pressed again, as a person would, until no menu is left.
  const menus = page.getByRole('menu');
  await expect
    .poll(
      async () => {
        if ((await menus.count()) > 0) await page.keyboard.press('Escape');
        return menus.count();
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(0);
};

export const clickSignOut = async (page: Page, userName: string) => {
  await (await openUserMenu(page, userName, 'Sign out')).click();
};

export const assertColorScheme = async (page: Page, scheme: 'light' | 'dark') => {
  await page.waitForFunction((expected) => document.documentElement.dataset.mantineColorScheme === expected, scheme);
};
