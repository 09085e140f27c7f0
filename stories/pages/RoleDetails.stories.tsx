import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { sampleRoleScope } from '#tests/support/role-samples.ts';
import { dialogNamed } from '../support/queries.ts';
import { billingBot, nightly, ordersApi, readOrders, rolesMeta, type Args } from './roles-console.ts';

/** A role's tabs (permissions, machine-to-machine apps, users, general) and deleting it; its loading, not-found and error states, and its tabs' list states, are the kits' (stories/ui). */
const meta: Meta<Args> = { ...rolesMeta, title: 'Pages/Role details' };

export default meta;
type Story = StoryObj<Args>;

export const Permissions: Story = {
  args: { path: '/acme/roles/reader/permissions', scopes: [sampleRoleScope(readOrders, ordersApi)] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Order reader' })).toBeVisible();
    await expect(canvas.getByText('User role')).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Permissions' });
    await expect(within(table).getByRole('link', { name: 'Orders API' })).toBeVisible();
    await expect(within(table).getByRole('button', { name: 'Remove read:orders' })).toBeVisible();
    // A User role has users, not machine-to-machine apps.
    const tabs = canvas.getByRole('navigation', { name: 'Role tabs' });
    await expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Permissions', 'Users', 'General']);
  },
};

export const PermissionsEmpty: Story = {
  args: { path: '/acme/roles/reader/permissions', scopes: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No permissions yet/)).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Assign permissions' })).toHaveLength(2);
  },
};

export const AssignPermissions: Story = {
  args: { path: '/acme/roles/sync/permissions', scopes: [sampleRoleScope(readOrders, ordersApi)] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Assign permissions' }));
    const dialog = await dialogNamed(canvasElement, 'Assign permissions');
    // What the role holds is not offered again; a machine-to-machine role is offered the management API.
    await expect(await within(dialog).findByRole('checkbox', { name: /write:orders/ })).toBeVisible();
    await expect(within(dialog).queryByRole('checkbox', { name: /read:orders/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^all/ }));
    // The role has one permission already: the free plan's limit.
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Permissions per role/);
    await expect(within(dialog).queryByRole('button', { name: 'Assign' })).toBeNull();
  },
};

export const MachineToMachineApps: Story = {
  args: { path: '/acme/roles/sync/machine-to-machine-apps', applications: [nightly] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Machine-to-machine role')).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Machine-to-machine apps' });
    await expect(within(table).getByRole('link', { name: 'Nightly export' })).toHaveAttribute('href', '/console/acme/applications/nightly');
    await expect(within(table).getByRole('button', { name: 'Remove Nightly export' })).toBeVisible();
    await expect(canvas.getByText('This role takes effect once it is assigned to a machine-to-machine app.')).toBeVisible();
  },
};

/** The notice on machine-to-machine roles, once dismissed, stays away. */
export const MachineToMachineNoticeDismissed: Story = {
  args: { path: '/acme/roles/sync/permissions', preferences: { m2mRoleNotificationAcknowledged: true } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Machine-to-machine role')).toBeVisible();
    await expect(canvas.queryByText(/This role takes effect/)).toBeNull();
  },
};

export const MachineToMachineAppsEmpty: Story = {
  args: { path: '/acme/roles/sync/machine-to-machine-apps', applications: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No machine-to-machine apps have this role yet/)).toBeVisible();
  },
};

export const AssignApplications: Story = {
  args: { path: '/acme/roles/sync/machine-to-machine-apps', applications: [], candidates: [billingBot] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click((await canvas.findAllByRole('button', { name: 'Assign applications' }))[0]!);
    const dialog = await dialogNamed(canvasElement, 'Assign applications');
    await expect(await within(dialog).findByRole('checkbox', { name: 'Billing bot' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
  },
};

/** Every app already has the role: the picker says so. */
export const AssignApplicationsEmpty: Story = {
  args: { path: '/acme/roles/sync/machine-to-machine-apps', applications: [nightly], candidates: [] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click((await canvas.findAllByRole('button', { name: 'Assign applications' }))[0]!);
    const dialog = await dialogNamed(canvasElement, 'Assign applications');
    await expect(await within(dialog).findByText('Every machine-to-machine app already has this role.')).toBeVisible();
    await expect(within(dialog).queryByRole('link', { name: 'Create a machine-to-machine app' })).toBeNull();
  },
};

/** There is no machine-to-machine app at all: the picker says so and links to creating one. */
export const AssignApplicationsNoneYet: Story = {
  args: { path: '/acme/roles/sync/machine-to-machine-apps', applications: [], candidates: [] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click((await canvas.findAllByRole('button', { name: 'Assign applications' }))[0]!);
    const dialog = await dialogNamed(canvasElement, 'Assign applications');
    await expect(await within(dialog).findByText('There are no machine-to-machine apps yet.')).toBeVisible();
    await expect(within(dialog).getByRole('link', { name: 'Create a machine-to-machine app' })).toHaveAttribute('href', '/console/acme/applications/create?guide=m2m');
  },
};

export const General: Story = {
  args: { path: '/acme/roles/reader/general' },
  play: async ({ canvas }) => {
    const name = await canvas.findByRole('textbox', { name: 'Role name' });
    await expect(canvas.getByRole('switch', { name: /Default role/ })).toBeChecked();
    await expect(canvas.getByText(/does not give it to existing users/)).toBeVisible();
    await userEvent.clear(name);
    await expect(await canvas.findByRole('region', { name: 'Unsaved changes' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText(/Enter a name of 1 to 128 characters/)).toBeVisible();
  },
};

export const GeneralMachineToMachine: Story = {
  args: { path: '/acme/roles/sync/general' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Role name' })).toHaveValue('Order sync');
    await expect(canvas.queryByRole('switch', { name: /Default role/ })).toBeNull();
  },
};

export const Users: Story = {
  args: { path: '/acme/roles/reader/users' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Users' });
    await expect(await within(table).findByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/console/acme/users/ann/settings');
    await expect(within(table).getByRole('link', { name: 'Ann Lee' }).closest('tr')).toHaveTextContent(/ann@example.com.*Nov 26, 2026/);
    await expect(within(table).getByRole('link', { name: 'bob@example.com' }).closest('tr')).toHaveTextContent('Suspended');
    await expect(within(table).getByRole('button', { name: 'Remove Ann Lee' })).toBeVisible();
  },
};

export const UsersEmpty: Story = {
  args: { path: '/acme/roles/reader/users', users: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No users have this role yet.')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Assign users' })).toHaveLength(2);
  },
};

export const AssignUsers: Story = {
  args: { path: '/acme/roles/reader/users' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Assign users' }));
    const dialog = await dialogNamed(canvasElement, 'Assign users');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'cat_1' }));
    await expect(within(dialog).getByRole('group', { name: 'Selected: Users' })).toHaveTextContent('cat_1');
    await expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeEnabled();
  },
};

/** A machine-to-machine role has no users: its users address opens the permissions. */
export const UsersOfMachineToMachineRole: Story = {
  args: { path: '/acme/roles/sync/users' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No permissions yet/)).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Users' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Assign users' })).toBeNull();
  },
};

export const DeleteConfirm: Story = {
  args: { path: '/acme/roles/sync/permissions' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByRole('menuitem', { name: 'Delete' }));
    const dialog = await dialogNamed(canvasElement, 'Delete role');
    await expect(dialog).toHaveTextContent('The machine-to-machine apps with Order sync lose its permissions');
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('menu')).toBeNull());
  },
};

export const PermissionsSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  args: Permissions.args,
  play: Permissions.play,
};

export const UsersSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  args: Users.args,
  play: Users.play,
};
