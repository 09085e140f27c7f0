import { afterEach, expect, test } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { Tenant } from '#schemas/tenant.ts';
import { forcedColorSchemeOf } from '#src/app/router.ts';
import { openConsole, type ConsoleSetup } from './console.tsx';

afterEach(cleanup);

const tenant = (id: string, tag: Tenant['tag'] = 'production'): Tenant => ({
  id, name: `Tenant ${id}`, tag, indicator: id, regionName: 'EU', planId: 'free',
  subscription: { status: 'active', planId: 'free', currentPeriodStart: '', currentPeriodEnd: '', isEnterprisePlan: false },
  usage: { activeUsers: 0, tokenUsage: 0 }, quota: { mauLimit: null, tokenLimit: null }, openInvoices: [], isSuspended: false, createdAt: '',
});

type Setup = ConsoleSetup;

const selfHosted: Setup = { edition: 'self-hosted', tenants: [tenant('default')] };
const cloud: Setup = { edition: 'cloud', tenants: [tenant('t1'), tenant('t2', 'development')], roles: ['t1:admin', 't2:collaborator'] };

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

/** Not found is shown inside the layout, under the top bar, with the way back to the console's home. */
async function notFoundInLayout() {
  await heading('Page not found');
  expect(screen.getByRole('banner')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to the console' }).getAttribute('href')).toBe('/console/');
}

test("self-hosted: '/' leads to the default tenant's first sidebar item, inside the layout", async () => {
  const app = openConsole('/', selfHosted);
  await heading('Applications');
  expect(app.location()).toBe('/console/default/applications');
  expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/console/default/users');
  await waitFor(() => expect(document.title).toBe('Applications · Gatehouse'));
});

test.each(['/default/dashboard', '/default/get-started', '/default/tenant-settings', '/onboarding', '/accept/abc', '/checkout-success-callback'])(
  'self-hosted: the cloud-only route %s does not exist',
  async (path) => {
    openConsole(path, selfHosted);
    await notFoundInLayout();
  },
);

test('an unknown path shows page not found', async () => {
  openConsole('/default/no-such-page', selfHosted);
  await notFoundInLayout();
});

test('the URL of a tenant the user is not a member of is not found', async () => {
  openConsole('/other/users', selfHosted);
  await notFoundInLayout();
  expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
});

test('the placeholder tenant id opens the same page of the default tenant', async () => {
  const app = openConsole('/current-tenant/users?page=2#top', selfHosted);
  await heading('Users');
  expect(app.location()).toBe('/console/default/users?page=2#top');
});

test('a page not built yet is a placeholder inside the layout', async () => {
  openConsole('/default/organizations', selfHosted);
  await heading('Organizations');
  expect(screen.getByText('This page is not available yet.')).toBeTruthy();
  expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
});

test('tabs are routes: a details page opens its default tab; an unknown tab is not found', async () => {
  const app = openConsole('/default/organizations/o1', selfHosted);
  await heading('Organization details');
  expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeTruthy();
  expect(app.location()).toBe('/console/default/organizations/o1/settings');
  cleanup();
  openConsole('/default/organizations/o1/bogus', selfHosted);
  await notFoundInLayout();
});

test('tenant-less pages render inside the layout without a sidebar', async () => {
  openConsole('/profile', selfHosted);
  await heading('Profile');
  expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
});

test("cloud: '/' goes to the stored default tenant, then its first sidebar item (get started)", async () => {
  const app = openConsole('/', { ...cloud, preferences: { defaultTenantId: 't2' } });
  await heading('Get started');
  expect(app.location()).toBe('/console/t2/get-started');
  expect(screen.getByRole('button', { name: /^Current tenant:\s*Tenant t2\s*Development$/ })).toBeTruthy();
});

test('self-hosted: an account outside the default tenant gets the landing, not a redirect loop', async () => {
  openConsole('/default/users', { ...selfHosted, tenants: [] });
  await heading('You are not a member of any tenant yet');
});

test('cloud: a new user without tenants is sent to onboarding, which is light-only', async () => {
  const app = openConsole('/', { ...cloud, tenants: [] });
  await heading('Create your first tenant');
  expect(app.location()).toBe('/console/onboarding/create-tenant');
  expect(screen.getByLabelText('Tenant name').getAttribute('placeholder')).toBe('My project');
  expect(forcedColorSchemeOf(app.router.state.matches)).toBe('light');
});

test('cloud: someone invited into a tenant is not sent through onboarding', async () => {
  const app = openConsole('/', cloud);
  await heading('Get started');
  expect(app.location()).toBe('/console/t1/get-started');
  expect(forcedColorSchemeOf(app.router.state.matches)).toBeUndefined();
});

test('cloud: onboarding that is done leads back to the root', async () => {
  const app = openConsole('/onboarding', { ...cloud, preferences: { isOnboardingDone: true } });
  await heading('Get started');
  expect(app.location()).toBe('/console/t1/get-started');
});

test('cloud: tenant settings open on settings for admins and on members for collaborators', async () => {
  const admin = openConsole('/t1/tenant-settings', cloud);
  await screen.findByRole('heading', { level: 2, name: 'Tenant information' });
  expect(admin.location()).toBe('/console/t1/tenant-settings/settings');
  cleanup();
  const collaborator = openConsole('/t2/tenant-settings', cloud);
  await screen.findByRole('heading', { level: 2, name: 'Members' });
  expect(collaborator.location()).toBe('/console/t2/tenant-settings/members');
  // What the collaborator's tab shows is the MembersAsCollaborator story's (Pages/Tenant settings).
});

test('cloud: a collaborator has no settings tab and no invitations, not even by their paths', async () => {
  openConsole('/t2/tenant-settings/settings', cloud);
  await notFoundInLayout();
  cleanup();
  openConsole('/t2/tenant-settings/members/invitations', cloud);
  await notFoundInLayout();
  cleanup();
  openConsole('/t1/tenant-settings/members/unknown', cloud);
  await notFoundInLayout();
});

test('cloud: subscription and billing history do not exist for development tenants', async () => {
  openConsole('/t1/tenant-settings/subscription', cloud);
  // The production tenant's tab exists; without a billing API here its data cannot load.
  await heading('The subscription did not load');
  cleanup();
  openConsole('/t2/tenant-settings/billing-history', { ...cloud, roles: ['t2:admin'] });
  await notFoundInLayout();
});

test('development only: the import-error test page shows the error page of a page whose code failed to load', async () => {
  openConsole('/default/internal/import-error', { ...selfHosted, config: { isDevMode: true } });
  await screen.findByRole('button', { name: 'Retry' });
  expect(screen.getAllByText(/missing-page\.js/).length).toBeGreaterThan(0); // the failed import's message
  cleanup();
  openConsole('/default/internal/import-error', { ...selfHosted, config: { isDevMode: false } });
  await notFoundInLayout();
});
