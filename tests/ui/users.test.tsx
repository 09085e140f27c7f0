import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { CreateUser, PatchUser, TenantUser } from '#schemas/tenant-user.ts';
import { ApiError } from '#src/api/errors.ts';
import { createRolesApi } from '#src/api/management/roles.ts';
import { createUsersApi } from '#src/api/management/users.ts';
import { sampleRole } from '../support/role-samples.ts';
import { sampleTenant } from '../support/samples.ts';
import { listItemOf, noIdentities, sampleUser, withPassword } from '../support/user-samples.ts';
import { openConsole } from './console.tsx';

// Each test renders the whole console; the first also loads its code.
vi.setConfig({ testTimeout: 20_000 });

const writeText = vi.fn(async (_text: string) => {});

beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  cleanup();
  notifications.clean();
});

const ann = sampleUser('ann', { name: 'Ann Lee', primaryEmail: 'ann@example.com', customData: { plan: 'gold' }, profile: { givenName: 'Ann' } });
const bob = sampleUser('bob', { primaryEmail: 'bob@example.com' });
const cat = sampleUser('cat', { primaryEmail: null, username: 'cat_1' });
const users = [ann, bob, cat];
const reader = sampleRole('reader', { name: 'Order reader' });
const inUse = (code: string) => new ApiError('in use', 422, { code, message: 'in use' });

/** Acme (a cloud production tenant) with three users, and a fake management API whose writes are recorded. */
function setup(path: string) {
  const calls = {
    listUsers: vi.fn(async () => ({ items: users.map(listItemOf), total: 3 })),
    createUser: vi.fn(async (_tenantId: string, body: CreateUser) => withPassword(sampleUser('new', { primaryEmail: null, ...body }))),
    updateUser: vi.fn(async (_tenantId: string, id: string, patch: PatchUser) => ({ ...users.find((user) => user.id === id)!, ...patch }) as TenantUser),
    setSuspended: vi.fn(async (_tenantId: string, id: string, isSuspended: boolean) => ({ ...users.find((user) => user.id === id)!, isSuspended })),
    deleteUser: vi.fn(async (_tenantId: string, _id: string) => {}),
    assignRoles: vi.fn(async (_tenantId: string, _id: string, _roleIds: string[]) => {}),
  };
  const app = openConsole(path, {
    edition: 'cloud',
    tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' })],
    roles: ['acme:admin'],
    api: (client) => ({
      users: {
        ...createUsersApi(client.tenant),
        ...calls,
        getUser: async (_tenantId, id) => users.find((user) => user.id === id) ?? sampleUser(id),
        listMfaVerifications: async () => [],
        getIdentities: async () => noIdentities,
        listUserRoles: async () => ({ items: [reader], total: 1 }),
      },
      roles: { ...createRolesApi(client.tenant), listRoles: async () => ({ items: [reader], total: 1 }) },
    }),
  });
  return { calls, app };
}

const typeInto = async (container: HTMLElement, name: string, text: string) => {
  await userEvent.click(within(container).getByRole('textbox', { name }));
  await userEvent.paste(text);
};

test('list: sorted by the latest sign-in from a pressed button, kept in the URL with the search; the column says so', async () => {
  const { calls, app } = setup('/acme/users?q=example&page=2');
  const sortedColumn = async () => (await screen.findByRole('table', { name: 'Users' })).querySelector('th[aria-sort="descending"]')?.textContent;
  const order = await screen.findByRole('group', { name: 'Sort users by' });
  expect(within(order).getByRole('button', { name: 'Newest' }).getAttribute('aria-pressed')).toBe('true');
  expect(await sortedColumn()).toBe('Created');
  await userEvent.click(within(order).getByRole('button', { name: 'Latest sign-in' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/users?q=example&sort=lastSignInAt'));
  expect(calls.listUsers).toHaveBeenLastCalledWith('acme', { page: 1, pageSize: 20, q: 'example', sort: 'lastSignInAt' });
  expect(within(order).getByRole('button', { name: 'Latest sign-in' }).getAttribute('aria-pressed')).toBe('true');
  await waitFor(async () => expect(await sortedColumn()).toBe('Latest sign-in'));
  await userEvent.click(within(order).getByRole('button', { name: 'Newest' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/users?q=example'));
});

test("create: the server's identifier errors land on their fields", async () => {
  const { calls } = setup('/acme/users/create');
  const dialog = await screen.findByRole('dialog', { name: 'Create user' });
  await typeInto(dialog, 'E-mail', 'ann@example.com');
  await typeInto(dialog, 'Username', 'ann_1');
  calls.createUser.mockRejectedValueOnce(inUse('user.email_already_in_use'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
  expect(await within(dialog).findByText('This e-mail address is already in use.')).toBeTruthy();
  expect(within(dialog).getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).toBe('true');
  calls.createUser.mockRejectedValueOnce(inUse('user.username_already_in_use'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
  expect(await within(dialog).findByText('This username is already in use.')).toBeTruthy();
  // A bad e-mail is caught before sending.
  await userEvent.clear(within(dialog).getByRole('textbox', { name: 'E-mail' }));
  await typeInto(dialog, 'E-mail', 'not-an-email');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
  expect(await within(dialog).findByText('Enter a valid e-mail address.')).toBeTruthy();
  expect(calls.createUser).toHaveBeenCalledTimes(2);
});

test('create: the password is shown once, masked until shown, and copied with the identifiers; then the user opens in place of the list', async () => {
  const { calls, app } = setup('/acme/users?page=2');
  await userEvent.click(await screen.findByRole('link', { name: 'Create user' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/users/create?page=2'));
  const dialog = await screen.findByRole('dialog', { name: 'Create user' });
  await typeInto(dialog, 'E-mail', ' dan@example.com ');
  await typeInto(dialog, 'Phone number', '+64 (21) 123-4567');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
  // No password is sent: the server generates it. The phone goes as its digits.
  await waitFor(() => expect(calls.createUser).toHaveBeenCalledWith('acme', { primaryEmail: 'dan@example.com', primaryPhone: '64211234567' }));
  const created = await screen.findByRole('dialog', { name: 'User created' });
  expect(within(created).queryByText('Xq7#mP2v!Lr9@kWz')).toBeNull();
  await userEvent.click(within(created).getByRole('button', { name: 'Show password' }));
  expect(within(created).getByText('Xq7#mP2v!Lr9@kWz')).toBeTruthy();
  await userEvent.click(within(created).getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith('Email: dan@example.com\nPhone: 64211234567\nPassword: Xq7#mP2v!Lr9@kWz');
  await userEvent.click(within(created).getByRole('button', { name: 'Check user details' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/users/new/settings'));
  await waitFor(() => expect(screen.queryByText('Xq7#mP2v!Lr9@kWz')).toBeNull());
  // The user's page replaced the create dialog: back goes to the list.
  app.router.history.back();
  await waitFor(() => expect(app.location()).toBe('/console/acme/users?page=2'));
  expect(screen.queryByText('Xq7#mP2v!Lr9@kWz')).toBeNull();
});

test('create: closing the dialog goes back to the list with its search', async () => {
  const { app } = setup('/acme/users/create?q=ann&status=suspended');
  const dialog = await screen.findByRole('dialog', { name: 'Create user' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/users?q=ann&status=suspended'));
  expect(screen.queryByRole('dialog', { name: 'Create user' })).toBeNull();
});

test('settings: custom data that is not a JSON object blocks saving', async () => {
  const { calls } = setup('/acme/users/ann/settings');
  const customData = await screen.findByRole('textbox', { name: /Custom data/ });
  for (const invalid of ['{"plan": ', '["gold"]', 'null']) {
    await userEvent.clear(customData);
    await userEvent.click(customData);
    await userEvent.paste(invalid);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Invalid custom data: enter a JSON object.')).toBeTruthy();
  }
  expect(calls.updateUser).not.toHaveBeenCalled();
  expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeTruthy();
  await userEvent.clear(customData);
  await userEvent.click(customData);
  await userEvent.paste('{"plan": "platinum"}');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  // Only what changed is sent.
  await waitFor(() => expect(calls.updateUser).toHaveBeenCalledWith('acme', 'ann', { customData: { plan: 'platinum' } }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull());
});

test('settings: the profile is sent whole from its fields, an emptied one left out', async () => {
  const { calls } = setup('/acme/users/ann/settings');
  const given = await screen.findByRole('textbox', { name: 'Given name' });
  await userEvent.clear(given);
  await typeInto(document.body, 'Family name', 'Lee');
  await typeInto(document.body, 'Country', 'NZ');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.updateUser).toHaveBeenCalledWith('acme', 'ann', { profile: { familyName: 'Lee', address: { country: 'NZ' } } }));
});

test('settings: leaving with unsaved changes asks first; staying keeps them, leaving drops them', async () => {
  const { app } = setup('/acme/users/ann/settings');
  const rolesTab = () => within(screen.getByRole('navigation', { name: 'User tabs' })).getByRole('link', { name: 'Roles' });
  const email = await screen.findByRole('textbox', { name: 'E-mail' });
  await userEvent.clear(email);
  await userEvent.paste('ann@new.example.com');
  await userEvent.click(rolesTab());
  const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
  await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull());
  expect(app.location()).toBe('/console/acme/users/ann/settings');
  expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveProperty('value', 'ann@new.example.com');
  await userEvent.click(rolesTab());
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/users/ann/roles'));
});

test('settings: saving a user left with no identifier and no linked account asks first', async () => {
  const { calls } = setup('/acme/users/bob/settings');
  await userEvent.clear(await screen.findByRole('textbox', { name: 'E-mail' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  const ask = await screen.findByRole('dialog', { name: 'Save without an identifier?' });
  await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
  expect(calls.updateUser).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save without an identifier?' })).getByRole('button', { name: 'Save anyway' }));
  await waitFor(() => expect(calls.updateUser).toHaveBeenCalledWith('acme', 'bob', { primaryEmail: '' }));
});

test('settings: the administrator vouches for an e-mail; a changed e-mail is unverified until checked again', async () => {
  const { calls } = setup('/acme/users/bob/settings');
  const verified = await screen.findByRole('checkbox', { name: 'E-mail verified' });
  expect(screen.getByRole('checkbox', { name: 'Phone number verified' })).toHaveProperty('disabled', true);
  await userEvent.click(verified);
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.updateUser).toHaveBeenCalledWith('acme', 'bob', { primaryEmailVerified: true }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull());
  await userEvent.clear(screen.getByRole('textbox', { name: 'E-mail' }));
  await userEvent.paste('bob@new.example.com');
  expect(screen.getByRole('checkbox', { name: 'E-mail verified' })).toHaveProperty('checked', false);
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.updateUser).toHaveBeenLastCalledWith('acme', 'bob', { primaryEmail: 'bob@new.example.com', primaryEmailVerified: false }));
});

test('settings: deleting the user goes back to the list without asking about unsaved changes', async () => {
  const { calls, app } = setup('/acme/users/ann/settings');
  await userEvent.type(await screen.findByRole('textbox', { name: 'Nickname' }), 'annie');
  await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(calls.deleteUser).toHaveBeenCalledWith('acme', 'ann'));
  await waitFor(() => expect(app.location()).toBe('/console/acme/users'));
  expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();
});

test('bulk: select rows by keyboard, suspend them after one confirmation; a failure is listed and stays selected', async () => {
  const { calls } = setup('/acme/users');
  const selectAnn = await screen.findByRole('checkbox', { name: 'Select Ann Lee' });
  selectAnn.focus();
  await userEvent.keyboard(' ');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select cat_1' }));
  // The bulk actions load with the first selection.
  const toolbar = await screen.findByRole('region', { name: 'Bulk actions' });
  expect(within(toolbar).getByRole('status').textContent).toBe('2 users selected');
  calls.setSuspended.mockImplementation(async (_tenantId, id) => {
    if (id === 'cat') throw new ApiError('The user does not exist.', 404, { code: 'entity.not_exists_with_id', message: 'The user does not exist.' });
    return { ...ann, isSuspended: true };
  });
  await userEvent.click(within(toolbar).getByRole('button', { name: 'Suspend' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Suspend 2 users?' })).getByRole('button', { name: 'Suspend' }));
  const report = await screen.findByRole('dialog', { name: '1 user could not be changed' });
  expect(within(report).getByRole('listitem').textContent).toBe('cat_1: The user does not exist.');
  expect(calls.setSuspended.mock.calls.map(([, id, suspended]) => [id, suspended]).sort()).toEqual([['ann', true], ['cat', true]]);
  expect(await screen.findByText('1 of 2 done; 1 failed.')).toBeTruthy();
  await userEvent.click(within(report).getByRole('button', { name: 'Close' }));
  // Only the user that failed stays selected.
  expect(screen.getByRole('checkbox', { name: 'Select cat_1' })).toHaveProperty('checked', true);
  expect(screen.getByRole('checkbox', { name: 'Select Ann Lee' })).toHaveProperty('checked', false);
});

test('bulk: select all on the page, assign a role; a new page starts with nothing selected', async () => {
  const { calls, app } = setup('/acme/users');
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all users on this page' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Assign role' }));
  const picker = await screen.findByRole('dialog', { name: 'Assign a role' });
  await userEvent.click(await within(picker).findByRole('radio', { name: 'Order reader' }));
  await userEvent.click(within(picker).getByRole('button', { name: 'Continue' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Assign Order reader to 3 users?' })).getByRole('button', { name: 'Assign' }));
  expect(await screen.findByText('Order reader assigned to 3 users')).toBeTruthy();
  expect(calls.assignRoles.mock.calls.map(([, id, roleIds]) => [id, roleIds]).sort()).toEqual([['ann', ['reader']], ['bob', ['reader']], ['cat', ['reader']]]);
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select bob@example.com' }));
  await userEvent.click(within(screen.getByRole('group', { name: 'User status' })).getByRole('button', { name: 'Suspended' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/users?status=suspended'));
  expect(calls.listUsers).toHaveBeenLastCalledWith('acme', { page: 1, pageSize: 20, isSuspended: true });
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
});
