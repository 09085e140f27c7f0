import { expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApplicationsApi } from '../../src/api/management/applications.ts';
import { createLogsApi } from '../../src/api/management/logs.ts';
import { createUsersApi } from '../../src/api/management/users.ts';
import { sampleApplication } from '../support/application-samples.ts';
import { ann, signInTrail } from '../support/log-samples.ts';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';

// Its own file: the selects' code, once loaded, stays loaded for the rest of a file's tests.
test('until the selects have loaded, inputs stand in with the names from the rows; reaching for one loads it with the focus', async () => {
  const listApplications = vi.fn(async () => ({ items: [sampleApplication('spa1', { name: 'Storefront' })], total: 1 }));
  openConsole('/acme/audit-logs?applicationId=spa1&userId=ann&event=Interaction.End', {
    edition: 'cloud',
    tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'pro-2024-11' })],
    roles: ['acme:admin'],
    api: (client) => ({
      logs: { ...createLogsApi(client.tenant), listLogs: async () => ({ items: signInTrail(), total: 6 }), getRetention: async () => 14 },
      users: { ...createUsersApi(client.tenant), getUser: async () => ann },
      applications: { ...createApplicationsApi(client.tenant), listApplications },
      
    }),
  });
  await screen.findByRole('table', { name: 'Audit logs', busy: false });
  expect(screen.getByRole('textbox', { name: 'Event' })).toHaveProperty('value', 'Interaction ended');
  expect(screen.getByRole('textbox', { name: 'Application' })).toHaveProperty('value', 'Storefront');
  expect(screen.getByRole('textbox', { name: 'User' })).toHaveProperty('value', 'Ann Lee');
  // Nothing of the selects is asked for before someone uses the page.
  expect(listApplications).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('textbox', { name: 'Application' }));
  const select = await screen.findByRole('combobox', { name: 'Application' });
  await waitFor(() => expect(document.activeElement).toBe(select));
  await waitFor(() => expect(select).toHaveProperty('value', 'Storefront'));
  expect(listApplications).toHaveBeenCalled();
  expect(screen.getByRole('combobox', { name: 'User' })).toHaveProperty('value', 'Ann Lee (ann)');
}, 20_000);
