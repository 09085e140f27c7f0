import { expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createLogsApi } from '#src/api/management/logs.ts';
import { createUsersApi } from '#src/api/management/users.ts';
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
  // Until the selects' code has loaded, read-only comboboxes stand in for them, with the same names and values.
  for (const [name, value] of [['Event', 'Interaction ended'], ['Application', 'Storefront'], ['User', 'Ann Lee']]) {
    const standIn = screen.getByRole('combobox', { name });
    expect(standIn).toHaveProperty('readOnly', true);
    expect(standIn).toHaveProperty('value', value);
  }
  // Nothing of the selects is asked for before someone uses the page.
  expect(listApplications).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('combobox', { name: 'Application' }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Application' })).toHaveProperty('readOnly', false));
  const select = screen.getByRole('combobox', { name: 'Application' });
  await waitFor(() => expect(document.activeElement).toBe(select));
  await waitFor(() => expect(select).toHaveProperty('value', 'Storefront'));
  expect(listApplications).toHaveBeenCalled();
  expect(screen.getByRole('combobox', { name: 'User' })).toHaveProperty('value', 'Ann Lee (ann)');
}, 20_000);
