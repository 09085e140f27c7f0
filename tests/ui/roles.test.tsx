import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications, notificationsStore } from '@mantine/notifications';
import type { CreateRole, PatchRole } from '#schemas/role.ts';
import { ApiError } from '#src/api/errors.ts';
import { sampleUsage } from '../support/billing-samples.ts';
import { sampleManagementApi, sampleResource, sampleScope } from '../support/resource-samples.ts';
import { sampleMachineApp, sampleRole, sampleRoleScope, withScopes } from '../support/role-samples.ts';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';
import { createRolesApi } from '#src/api/management/roles.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createResourcesApi } from '#src/api/management/resources.ts';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const ordersApi = sampleResource('orders', { name: 'Orders API' });
const readOrders = sampleScope('orders', 'read:orders', 'Read orders');
const manageAll = sampleScope('management-api', 'all', 'All management API permissions');
const reader = sampleRole('reader', { name: 'Order reader', description: 'Reads orders' });
const sync = sampleRole('sync', { name: 'Order sync', description: 'Syncs orders', type: 'MachineToMachine' });
const nightly = sampleMachineApp('nightly', { name: 'Nightly export' });

/** Acme on the free plan, with a fake management API whose writes are recorded. */
function setup(path: string, { usage = sampleUsage('free') } = {}) {
  const calls = {
    listRoles: vi.fn(async () => ({ items: [reader, sync], total: 2 })),
    createRole: vi.fn(async (_tenantId: string, body: CreateRole) => sampleRole('new', { type: 'User', ...body })),
    updateRole: vi.fn(async (_tenantId: string, id: string, patch: PatchRole) => ({ ...reader, id, ...patch })),
    deleteRole: vi.fn(async () => {}),
    removeScope: vi.fn(async () => {}),
    assignApplications: vi.fn(async () => {}),
  };
  const app = openConsole(path, {
    edition: 'cloud',
    tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' })],
    roles: ['acme:admin'],
    api: (client) => ({
      roles: {
        ...createRolesApi(client.tenant),
        ...calls,
        getRole: async (_tenantId, id) => [reader, sync].find((role) => role.id === id) ?? sampleRole(id),
        listRoleScopes: async () => ({ items: [sampleRoleScope(readOrders, ordersApi)], total: 1 }),
        listRoleApplications: async () => ({ items: [], total: 0 }),
      },
      applications: { ...createApplicationsApi(client.tenant), listApplications: async () => ({ items: [nightly], total: 1 }) },
      resources: {
        ...createResourcesApi(client.tenant),
        listResourcesWithScopes: async () => ({ items: [withScopes(sampleManagementApi(), [manageAll]), withScopes(ordersApi, [readOrders])], total: 2 }),
      },
      billing: { ...client.billing, getSubscriptionUsage: async () => usage },
    }),
  });
  return { calls, app };
}

/** Pasted rather than typed: each key press renders the whole dialog with its picker again. */
const fillRole = async (dialog: HTMLElement, name: string) => {
  await userEvent.click(within(dialog).getByRole('textbox', { name: 'Role name' }));
  await userEvent.paste(name);
  await userEvent.click(within(dialog).getByRole('textbox', { name: 'Description' }));
  await userEvent.paste(`${name} does things`);
};

test('create: a permission of the management API chosen for a machine-to-machine role is dropped when the type becomes User', async () => {
  const { calls, app } = setup('/acme/roles');
  await userEvent.click(await screen.findByRole('link', { name: 'Create role' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create role' });
  await fillRole(dialog, 'Auditor');
  expect(within(dialog).queryByRole('checkbox', { name: 'Gatehouse Management API' })).toBeNull();
  await userEvent.click(within(dialog).getByRole('radio', { name: /Machine-to-machine role/ }));
  await userEvent.click(await within(dialog).findByRole('checkbox', { name: /^all/ }));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: /^read:orders/ }));
  await userEvent.click(within(dialog).getByRole('radio', { name: /^User role/ }));
  await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /^all/ })).toBeNull());
  expect(within(within(dialog).getByRole('group', { name: 'Selected: Permissions' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'read:ordersOrders API',
  ]);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
  await waitFor(() =>
    expect(calls.createRole).toHaveBeenCalledWith('acme', { name: 'Auditor', description: 'Auditor does things', type: 'User', scopeIds: [readOrders.id] }),
  );
  await waitFor(() => expect(app.location()).toBe('/console/acme/roles/new/permissions'));
  // The role's page replaced the create modal: back goes to the list.
  app.router.history.back();
  await waitFor(() => expect(app.location()).toBe('/console/acme/roles'));
}, 20_000);

test('create: a machine-to-machine role is then given to the chosen apps, and its page opens', async () => {
  const { calls, app } = setup('/acme/roles/create');
  const dialog = await screen.findByRole('dialog', { name: 'Create role' });
  await fillRole(dialog, 'Exporter');
  await userEvent.click(within(dialog).getByRole('radio', { name: /Machine-to-machine role/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
  const assign = await screen.findByRole('dialog', { name: 'Assign applications' });
  await userEvent.click(await within(assign).findByRole('checkbox', { name: 'Nightly export' }));
  await userEvent.click(within(assign).getByRole('button', { name: 'Assign' }));
  await waitFor(() => expect(calls.assignApplications).toHaveBeenCalledWith('acme', 'new', ['nightly']));
  await waitFor(() => expect(app.location()).toBe('/console/acme/roles/new/permissions'));
  // The role's page shows it: no "created" toast on top of it; the assignment, which the page does not show, has one.
  expect(notificationsStore.getState().notifications.map(({ message }) => message)).toEqual(['Exporter assigned']);
});

test('list: the type filter is in the URL, asks the server for that type and goes back to page 1', async () => {
  const { calls, app } = setup('/acme/roles?page=2&q=order');
  await screen.findByRole('table', { name: 'Roles' });
  await userEvent.click(within(screen.getByRole('group', { name: 'Role type' })).getByRole('button', { name: 'Machine-to-machine' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/roles?q=order&type=MachineToMachine'));
  expect(calls.listRoles).toHaveBeenLastCalledWith('acme', { page: 1, pageSize: 20, q: 'order', type: 'MachineToMachine' });
});

test('general: the default switch is saved alone; a name in use is shown on the field', async () => {
  const { calls } = setup('/acme/roles/reader/general');
  await userEvent.click(await screen.findByRole('switch', { name: /Default role/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.updateRole).toHaveBeenCalledWith('acme', 'reader', { isDefault: true }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull());
  calls.updateRole.mockRejectedValueOnce(new ApiError('in use', 422, { code: 'role.name_in_use', message: 'in use' }));
  const name = screen.getByRole('textbox', { name: 'Role name' });
  await userEvent.clear(name);
  await userEvent.type(name, 'Order sync');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('A role with this name already exists.')).toBeTruthy();
});

test('permissions: removing one asks first; deleting the role goes back to the list', async () => {
  const { calls, app } = setup('/acme/roles/reader/permissions');
  await userEvent.click(await screen.findByRole('button', { name: 'Remove read:orders' }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove permission' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(calls.removeScope).toHaveBeenCalledWith('acme', 'reader', readOrders.id));
  await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete role' });
  expect(dialog.textContent).toMatch(/The users with Order reader lose its permissions/);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(calls.deleteRole).toHaveBeenCalledWith('acme', 'reader'));
  await waitFor(() => expect(app.location()).toBe('/console/acme/roles'));
});

test('a User role has no machine-to-machine apps tab: its address opens the permissions', async () => {
  const { app } = setup('/acme/roles/reader/machine-to-machine-apps');
  await waitFor(() => expect(app.location()).toBe('/console/acme/roles/reader/permissions'));
});

test('the notice on a machine-to-machine role is dismissed for good: the preference is saved', async () => {
  const { app } = setup('/acme/roles/sync/permissions');
  const notice = await screen.findByText('This role takes effect once it is assigned to a machine-to-machine app.');
  await userEvent.click(within(notice.closest('[role="alert"]')!).getByRole('button', { name: 'Dismiss' }));
  await waitFor(() => expect(screen.queryByText(/This role takes effect/)).toBeNull());
  expect(app.store.getSnapshot().preferences.m2mRoleNotificationAcknowledged).toBe(true);
});
