import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { createApplicationRolesApi } from '#src/api/management/application-roles.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createRolesApi } from '#src/api/management/roles.ts';
import { sampleUsage } from '../support/billing-samples.ts';
import { sampleMachineApp, sampleRole } from '../support/role-samples.ts';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';

// A whole-console walk over two pages: longer than the default 5 seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  cleanup();
  notifications.clean();
});

const sync = sampleRole('sync', { name: 'Order sync', type: 'MachineToMachine' });
const nightly = sampleMachineApp('nightly', { name: 'Nightly export' });

/** Acme with one M2M role and one M2M app; the fake API keeps which apps hold the role. */
function setup(path: string) {
  const holders = new Set<string>();
  const page = <T,>(items: T[]) => ({ items, total: items.length });
  const calls = {
    listRoles: vi.fn(async () => page([sync])),
    listRoleApplications: vi.fn(async () => page(holders.has(nightly.id) ? [nightly] : [])),
  };
  const app = openConsole(path, {
    edition: 'cloud',
    tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' })],
    roles: ['acme:admin'],
    api: (client) => ({
      roles: { ...createRolesApi(client.tenant), ...calls, getRole: async () => sync, listRoleScopes: async () => page([]) },
      applications: { ...createApplicationsApi(client.tenant), getApplication: async () => nightly },
      applicationRoles: {
        ...createApplicationRolesApi(client.tenant),
        listApplicationRoles: async () => page(holders.has(nightly.id) ? [sync] : []),
        listAssignableRoles: async () => page(holders.has(nightly.id) ? [] : [sync]),
        assignRoles: async (_tenantId, id) => void holders.add(id),
      },
      billing: { ...client.billing, getSubscriptionUsage: async () => sampleUsage('free') },
    }),
  });
  return { app, calls };
}

test("assigning a role from an app's roles tab refreshes the role's side: its apps tab and the roles list", async () => {
  const { app, calls } = setup('/acme/roles/sync/machine-to-machine-apps');
  await screen.findByRole('table', { name: 'Machine-to-machine apps' });
  await waitFor(() => expect(calls.listRoleApplications).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole('link', { name: 'Nightly export' })).toBeNull();
  await app.router.navigate({ to: '/$tenantId/roles', params: { tenantId: 'acme' } });
  await screen.findByRole('table', { name: 'Roles' });
  const roleListFetches = calls.listRoles.mock.calls.length;

  await app.router.navigate({ to: '/$tenantId/applications/$id/roles', params: { tenantId: 'acme', id: nightly.id } });
  await userEvent.click(await screen.findByRole('button', { name: 'Assign roles' }));
  const dialog = await screen.findByRole('dialog', { name: 'Assign roles' });
  await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Order sync/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Assign roles' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign roles' })).toBeNull());

  // Within the ten seconds a tenant's data stays fresh, yet both are fetched again.
  await app.router.navigate({ to: '/$tenantId/roles', params: { tenantId: 'acme' } });
  await waitFor(() => expect(calls.listRoles.mock.calls.length).toBeGreaterThan(roleListFetches));
  await app.router.navigate({ to: '/$tenantId/roles/$id/machine-to-machine-apps', params: { tenantId: 'acme', id: sync.id } });
  expect(await screen.findByRole('link', { name: 'Nightly export' })).toBeTruthy();
});
