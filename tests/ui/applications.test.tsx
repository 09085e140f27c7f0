import { createResourcesApi } from '#src/api/management/resources.ts';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications, notificationsStore } from '@mantine/notifications';
import { applicationSignInExperienceGuard, type ApplicationSignInExperience } from '#schemas/application-branding.ts';
import type { Application, PatchApplication } from '#schemas/application.ts';
import { ApiError } from '#src/api/errors.ts';
import { sampleApplication, sampleSecret } from '../support/application-samples.ts';
import { sampleResource, sampleScope } from '../support/resource-samples.ts';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createApplicationRolesApi } from '#src/api/management/application-roles.ts';

// The settings page is a long form: typing into it in jsdom takes more than the default 5 seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  notifications.clean();
});

const spa = sampleApplication('spa1', {
  name: 'Storefront',
  type: 'SPA',
  oidcClientMetadata: { redirectUris: ['https://shop.example.test/callback'], postLogoutRedirectUris: [], logoUri: 'https://shop.example.test/logo.svg' },
  customClientMetadata: { idTokenTtl: 600 },
});
const m2m = sampleApplication('m2m1', { name: 'Billing job', type: 'MachineToMachine' });
const partner = sampleApplication('partner1', { name: 'Partner portal', type: 'Traditional', isThirdParty: true });
const orders = sampleResource('orders', { name: 'Orders API' });
const readOrders = sampleScope('orders', 'read:orders', 'Read your orders');
const writeOrders = sampleScope('orders', 'write:orders', 'Place orders');

/** Acme with three apps, the management API's writes recorded; `update` answers PATCH /applications/{id}. */
function setup(path: string, update: (id: string, patch: PatchApplication) => Promise<Application> = async (id, patch) => ({ ...spa, ...patch, id } as Application)) {
  const apps = [spa, m2m, partner];
  const calls = {
    listApplications: vi.fn(async () => ({ items: apps, total: apps.length })),
    createApplication: vi.fn(async (_tenantId: string, body: { name: string; type: Application['type'] }) => ({
      ...sampleApplication('new1', { name: body.name, type: body.type }),
      secrets: [{ ...sampleSecret('Default secret', { valueHint: 'Z9x8' }), value: 'only-shown-once-Z9x8' }],
    })),
    updateApplication: vi.fn(async (_tenantId: string, id: string, patch: PatchApplication) => update(id, patch)),
    deleteApplication: vi.fn(async () => {}),
    getSignInExperience: vi.fn(async (): Promise<ApplicationSignInExperience | null> => null),
    // As the API client answers: parsed by the guard, in its key order.
    putSignInExperience: vi.fn(async (_tenantId: string, _id: string, body: ApplicationSignInExperience) => applicationSignInExperienceGuard.parse(body)),
    getUserConsentScopes: vi.fn(async () => ({ userScopes: ['email' as const], resourceScopes: [{ resource: orders, scopes: [readOrders] }] })),
    addUserConsentScopes: vi.fn(async () => {}),
    removeUserConsentScope: vi.fn(async () => {}),
  };
  const app = openConsole(path, {
    edition: 'cloud',
    tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' })],
    roles: ['acme:admin'],
    api: (client) => ({
      applications: {
        ...createApplicationsApi(client.tenant),
        ...calls,
        getApplication: async (_tenantId, id) => {
          const found = [...apps, sampleApplication('new1', { name: 'Billing job', type: 'MachineToMachine' })].find((item) => item.id === id);
          if (!found) throw new ApiError('not found', 404, { code: 'entity.not_exists_with_id', message: 'not found' });
          return found;
        },
        listSecrets: async () => [sampleSecret('Default secret', { valueHint: 'Z9x8' })],
      },
      applicationRoles: { ...createApplicationRolesApi(client.tenant), listApplicationRoles: async () => ({ items: [], total: 0 }) },
      resources: { ...createResourcesApi(client.tenant), listResourcesWithScopes: async () => ({ items: [{ ...orders, scopes: [readOrders, writeOrders] }], total: 1 }) },
      tenants: { ...client.tenants, getTenantEndpoint: async (tenantId) => ({ user: `http://localhost:3001/t/${tenantId}` }) },
    }),
  });
  return { app, calls };
}

test('the type filter is kept in the URL and goes back to page 1, keeping the search', async () => {
  const { app, calls } = setup('/acme/applications?page=2&q=job');
  await screen.findByRole('table', { name: 'Applications' });
  await userEvent.click(within(screen.getByRole('group', { name: 'Type' })).getByRole('button', { name: 'Machine-to-machine' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/applications?q=job&type=MachineToMachine'));
  await waitFor(() => expect(calls.listApplications).toHaveBeenLastCalledWith('acme', { page: 1, pageSize: 20, q: 'job', isThirdParty: false, type: 'MachineToMachine' }));
});

test("a machine-to-machine app's first secret is shown once, then its settings show only the last four characters", async () => {
  const { app, calls } = setup('/acme/applications/create');
  const dialog = await screen.findByRole('dialog', { name: 'Create application' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue without a framework' }));
  await userEvent.click(await within(dialog).findByRole('radio', { name: /Machine-to-machine/ }));
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Application name' }), 'Billing job');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create application' }));
  await waitFor(() => expect(calls.createApplication).toHaveBeenCalledWith('acme', { name: 'Billing job', type: 'MachineToMachine' }));
  const secret = await screen.findByRole('dialog', { name: 'App secret' });
  expect(within(secret).getByText('only-shown-once-Z9x8')).toBeTruthy();
  // It waits for the person: the details page opens only once they say they copied it.
  expect(app.location()).toBe('/console/acme/applications/create');
  await userEvent.click(within(secret).getByRole('button', { name: 'I have copied it' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/applications/new1/settings'));
  const secrets = await screen.findByRole('table', { name: 'App secrets' });
  await within(secrets).findByText('••••Z9x8');
  expect(screen.queryByText('only-shown-once-Z9x8')).toBeNull();
});

test("the server's guard.invalid_input details land on their fields, in the person's language", async () => {
  const invalid = new ApiError('invalid', 400, {
    code: 'guard.invalid_input',
    message: 'invalid',
    details: [{ path: 'customClientMetadata.corsAllowedOrigins.0', message: 'Must be an origin such as https://app.example.com.' }],
  });
  setup('/acme/applications/spa1/settings', async () => Promise.reject(invalid));
  const cors = await screen.findByRole('group', { name: 'CORS allowed origins' });
  await userEvent.click(within(cors).getByRole('button', { name: 'Add' }));
  // The console's own check passes: the server refuses it (as it does an origin it does not allow).
  await userEvent.type(within(cors).getByRole('textbox', { name: 'CORS allowed origins 1' }), 'https://shop.example.test');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await within(cors).findByText('Enter an origin without a path or trailing slash, such as https://app.example.com.')).toBeTruthy();
});

test('a save sends the whole JSON columns: what the form does not show is kept', async () => {
  const { calls } = setup('/acme/applications/spa1/settings');
  const cors = await screen.findByRole('group', { name: 'CORS allowed origins' });
  await userEvent.click(within(cors).getByRole('button', { name: 'Add' }));
  await userEvent.type(within(cors).getByRole('textbox', { name: 'CORS allowed origins 1' }), 'https://shop.example.test');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.updateApplication).toHaveBeenCalled());
  const patch = calls.updateApplication.mock.calls[0]![2];
  expect(patch.oidcClientMetadata).toMatchObject({ redirectUris: ['https://shop.example.test/callback'], logoUri: 'https://shop.example.test/logo.svg', backchannelLogoutUri: null });
  expect(patch.customClientMetadata).toMatchObject({ idTokenTtl: 600, corsAllowedOrigins: ['https://shop.example.test'], refreshTokenTtlInDays: 14, rotateRefreshToken: true });
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull());
});

test('a Traditional app chooses its ID token algorithm and may turn PKCE off', async () => {
  const { calls } = setup('/acme/applications/partner1/settings', async (id, patch) => ({ ...partner, ...patch, id }) as Application);
  const algorithm = await screen.findByRole('combobox', { name: 'ID token signing algorithm' });
  expect(algorithm).toHaveProperty('value', 'ES256');
  await userEvent.selectOptions(algorithm, 'RS256');
  const pkce = screen.getByRole('switch', { name: /Require PKCE/ });
  expect(pkce).toHaveProperty('checked', true);
  await userEvent.click(pkce);
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.updateApplication).toHaveBeenCalled());
  const patch = calls.updateApplication.mock.calls[0]![2];
  expect(patch).toMatchObject({ oidcClientMetadata: { idTokenSignedResponseAlg: 'RS256' }, customClientMetadata: { requirePkce: false } });
});

test("the branding tab: switched on, the app's sign-in experience starts from its logo_uri and is saved whole; switched off, it sets nothing", async () => {
  const { calls } = setup('/acme/applications/spa1/branding');
  await userEvent.click(await screen.findByRole('switch', { name: /App-level sign-in experience/ }));
  expect(screen.getByRole('textbox', { name: 'Logo URL' })).toHaveProperty('value', 'https://shop.example.test/logo.svg');
  await userEvent.type(screen.getByRole('textbox', { name: 'Brand colour' }), '#0a7');
  await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), '  Storefront ');
  await userEvent.type(screen.getByRole('textbox', { name: 'Terms of use URL' }), 'https://shop.example.test/terms');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.putSignInExperience).toHaveBeenCalledTimes(1));
  expect(calls.putSignInExperience.mock.calls[0]![2]).toEqual({
    color: { primaryColor: '#0a7', darkPrimaryColor: null },
    branding: { logoUrl: 'https://shop.example.test/logo.svg', darkLogoUrl: null },
    displayName: 'Storefront',
    termsOfUseUrl: 'https://shop.example.test/terms',
    privacyPolicyUrl: null,
  });
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull());

  await userEvent.click(screen.getByRole('switch', { name: /App-level sign-in experience/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.putSignInExperience).toHaveBeenCalledTimes(2));
  expect(calls.putSignInExperience.mock.calls[1]![2]).toEqual({
    color: { primaryColor: null, darkPrimaryColor: null },
    branding: { logoUrl: null, darkLogoUrl: null },
    displayName: null,
    termsOfUseUrl: null,
    privacyPolicyUrl: null,
  });
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull());
  expect(screen.getByRole('switch', { name: /App-level sign-in experience/ })).toHaveProperty('checked', false);
});

test('leaving settings with unsaved changes asks first; Cancel keeps what was typed', async () => {
  const { app } = setup('/acme/applications/m2m1/settings');
  const name = await screen.findByRole('textbox', { name: 'Application name' });
  await userEvent.type(name, ' v2');
  await userEvent.click(within(screen.getByRole('navigation', { name: 'Application tabs' })).getByRole('link', { name: 'Roles' }));
  const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull());
  expect(app.location()).toBe('/console/acme/applications/m2m1/settings');
  expect(screen.getByRole('textbox', { name: 'Application name' })).toHaveProperty('value', 'Billing job v2');
});

test('deleting a third-party app asks for its name, then goes back to the third-party tab', async () => {
  const { app, calls } = setup('/acme/applications/partner1/settings');
  await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete application' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Application name' }), 'Partner portal');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(calls.deleteApplication).toHaveBeenCalledWith('acme', 'partner1'));
  await waitFor(() => expect(app.location()).toBe('/console/acme/applications/third-party-applications'));
});

test("a third-party app's permissions: Add sends the chosen user scopes and API permissions; Remove asks first", async () => {
  const { calls } = setup('/acme/applications/partner1/permissions');
  const users = await screen.findByRole('table', { name: 'User permissions' });
  await userEvent.click(await within(users).findByRole('button', { name: 'Remove email' }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove permission' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(calls.removeUserConsentScope).toHaveBeenCalledWith('acme', 'partner1', 'user-scopes', 'email'));

  await userEvent.click(screen.getByRole('button', { name: 'Add permissions' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add permissions' });
  await userEvent.click(within(dialog).getByRole('checkbox', { name: /^phone/ }));
  await userEvent.click(within(dialog).getByRole('tab', { name: 'API permissions' }));
  await userEvent.click(await within(dialog).findByRole('checkbox', { name: /write:orders/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
  await waitFor(() => expect(calls.addUserConsentScopes).toHaveBeenCalledWith('acme', 'partner1', { userScopes: ['phone'], resourceScopes: [writeOrders.id] }));
  // The table shows what was added: no success toast on top of it.
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add permissions' })).toBeNull());
  expect(notificationsStore.getState().notifications).toEqual([]);
});
