import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createResourcesApi } from '#src/api/management/resources.ts';
import { createRolesApi } from '#src/api/management/roles.ts';
import { sampleManagementApi, sampleResource } from '../support/resource-samples.ts';
import { sampleMachineApp, sampleRole } from '../support/role-samples.ts';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';

afterEach(cleanup);

const lists = {
  listResources: vi.fn(async () => ({ items: [sampleManagementApi(), sampleResource('orders', { name: 'Orders API' })], total: 2 })),
  listRoles: vi.fn(async () => ({ items: [sampleRole('reader', { name: 'Order reader' })], total: 1 })),
  listApplications: vi.fn(async () => ({ items: [sampleMachineApp('nightly', { name: 'Nightly export' })], total: 1 })),
};

/** A list page opened cold, its list answered by `lists`. */
function open(path: string) {
  for (const list of Object.values(lists)) list.mockClear();
  openConsole(path, {
    edition: 'cloud',
    tenants: [sampleTenant('acme', { name: 'Acme' })],
    roles: ['acme:admin'],
    api: (client) => ({
      resources: { ...createResourcesApi(client.tenant), listResources: lists.listResources },
      roles: { ...createRolesApi(client.tenant), listRoles: lists.listRoles },
      applications: { ...createApplicationsApi(client.tenant), listApplications: lists.listApplications },
    }),
  });
}

/** Long enough for a refetch on mount to have been sent. */
const afterRefetches = () => new Promise((resolve) => setTimeout(resolve, 300));

test.each([
  ['API resources', '/acme/api-resources', 'Orders API', 'listResources'],
  ['roles', '/acme/roles', 'Order reader', 'listRoles'],
  ['applications', '/acme/applications', 'Nightly export', 'listApplications'],
] as const)('the %s list is requested once: the page shows what its route loader fetched', async (_name, path, row, list) => {
  open(path);
  await screen.findByText(row, undefined, { timeout: 10_000 });
  await afterRefetches();
  expect(lists[list]).toHaveBeenCalledTimes(1);
}, 20_000);
