import type { Page } from 'playwright-core';
import { tenantIdInUrl } from './billing-steps.ts';
import { fillSignUp, goTo, newPersonDetails, type Person } from './e2e-steps.ts';
import { addRedirectUri, createApplicationFromGuide } from './runtime-steps.ts';

/** Scenario steps for tenants, members and invitations (cloud), by what a person sees. */

export const fillOnboarding = async (page: Page, tenant: { name: string; region: string; collaborators: string[] }) => {
  await page.getByLabel('Tenant name').fill(tenant.name);
  await page.getByRole('radio', { name: new RegExp(`^${tenant.region}`) }).check();
  const invite = page.getByLabel('Invite collaborators');
  for (const email of tenant.collaborators) {
    await invite.fill(email);
    await invite.press('Enter');
  }
  await page.getByRole('button', { name: 'Create', exact: true }).click();
};

/** A person signs up in the console and creates their first tenant, `name`; answers its id once it opens. */
export const signUpWithTenant = async (page: Page, baseUrl: string, person: Person, name: string) => {
  await goTo(page, baseUrl, '/console');
  await fillSignUp(page, person);
  await fillOnboarding(page, { name, region: 'Europe', collaborators: [] });
  await page.waitForURL((url) => /^\/console\/[a-z0-9]+\/[a-z-]+/.test(url.pathname) && !url.pathname.includes('onboarding'));
  return tenantIdInUrl(page);
};

/** A new person signs up in the console and creates the development tenant "Sandbox"; answers its id once it opens. */
export const signUpWithSandbox = (page: Page, baseUrl: string, prefix: string) => signUpWithTenant(page, baseUrl, newPersonDetails(prefix), 'Sandbox');

/**
 * The tenant's React app "Storefront", made from its guide in the console, signing in from another origin than the
 * sign-in page (127.0.0.1 rather than localhost): answers its client id and redirect URI.
 */
export const createStorefront = async (page: Page, baseUrl: string, tenantId: string) => {
  const redirectUri = `${baseUrl.replace('localhost', '127.0.0.1')}/callback`;
  const clientId = (await createApplicationFromGuide(page, baseUrl, tenantId, 'spa-react', 'Storefront')).id;
  await addRedirectUri(page, baseUrl, tenantId, clientId, redirectUri);
  return { clientId, redirectUri };
};

const switcher = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Current tenant:/ });

export const switcherTenantNames = async (page: Page) => {
  await switcher(page).click();
  const items = page.getByRole('menu').getByRole('menuitem').filter({ hasNot: page.getByText('Create tenant') });
  const names = (await items.allInnerTexts()).map((text) => text.split('\n')[0]!.trim()).filter((name) => !name.startsWith('Join'));
  await page.keyboard.press('Escape');
  return names;
};

export const createTenantFromSwitcher = async (page: Page, name: string) => {
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Create tenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create tenant' });
  await dialog.getByLabel('Tenant name').fill(name);
  await dialog.getByRole('button', { name: 'Create tenant', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
};

export const clickJoin = async (page: Page, tenantName: string) => {
  await page.getByRole('button', { name: `Join ${tenantName}` }).click();
};

const settingsTabs = (page: Page) => page.getByRole('navigation', { name: 'Tenant settings tabs' });

export const assertSettingsTab = async (page: Page) => {
  await settingsTabs(page).getByRole('link', { name: 'Settings', exact: true }).waitFor();
};

export const assertNoSettingsTab = async (page: Page) => {
  await settingsTabs(page).getByRole('link', { name: 'Members', exact: true }).waitFor();
  if ((await settingsTabs(page).getByRole('link', { name: 'Settings', exact: true }).count()) > 0) {
    throw new Error('the settings tab shows for a member who cannot manage the tenant');
  }
};

export const goToMembers = async (page: Page, baseUrl: string, tenantId: string) => {
  await goTo(page, baseUrl, `/console/${tenantId}/tenant-settings/members`);
  await page.getByRole('table', { name: 'Members' }).waitFor();
};

export const changeMemberRole = async (page: Page, member: Person, role: string) => {
  const select = page.getByRole('combobox', { name: `Role of ${member.username}` });
  await select.click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await page.waitForFunction(([label, value]) => (document.querySelector(`[aria-label="${label}"]`) as HTMLInputElement | null)?.value === value,
    [`Role of ${member.username}`, role]);
};

export const removeMember = async (page: Page, member: Person) => {
  await page.getByRole('button', { name: `Remove ${member.username}` }).click();
  await page.getByRole('dialog', { name: 'Remove member' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByRole('button', { name: `Remove ${member.username}` }).waitFor({ state: 'detached' });
};

export const deleteTenant = async (page: Page, baseUrl: string, tenantId: string, name: string) => {
  await goTo(page, baseUrl, `/console/${tenantId}/tenant-settings/settings`);
  await page.getByRole('button', { name: 'Delete tenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete tenant' });
  await dialog.getByLabel('Tenant name').fill(name);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
};
