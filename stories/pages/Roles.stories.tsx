import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Application } from '#schemas/application.ts';
import type { SubscriptionUsage } from '#schemas/billing.ts';
import type { Edition } from '#schemas/config.ts';
import type { AdminPreferences } from '#schemas/preferences.ts';
import type { RoleListItem, RoleScope } from '#schemas/role.ts';
import { ApiError } from '#src/api/errors.ts';
import type { ApiClient, Page } from '#src/api/client.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createRolesApi } from '#src/api/management/roles.ts';
import { createResourcesApi, type ResourceWithScopes } from '#src/api/management/resources.ts';
import { createUsersApi } from '#src/api/management/users.ts';
import type { RoleUserRow } from '#src/api/management/roles.ts';
import type { TenantUserListItem } from '#schemas/tenant-user.ts';
import { listItemOf, sampleUser } from '#tests/support/user-samples.ts';
import { createTestConsole } from '#tests/support/console.tsx';
import { sampleUsage } from '#tests/support/billing-samples.ts';
import { sampleTenant } from '#tests/support/samples.ts';
import { sampleManagementApi, sampleResource, sampleScope } from '#tests/support/resource-samples.ts';
import { sampleMachineApp, sampleRole, sampleRoleScope, withScopes } from '#tests/support/role-samples.ts';

const ordersApi = sampleResource('orders', { name: 'Orders API', indicator: 'https://orders.example.test' });
const readOrders = sampleScope('orders', 'read:orders', 'Read orders');
const writeOrders = sampleScope('orders', 'write:orders', 'Create and change orders');
const manageAll = sampleScope('management-api', 'all', 'All management API permissions');
const pickerResources = [withScopes(sampleManagementApi(), [manageAll]), withScopes(ordersApi, [readOrders, writeOrders])];

const reader = sampleRole('reader', { name: 'Order reader', description: 'Reads orders', isDefault: true, usersCount: 12 });
const sync = sampleRole('sync', { name: 'Order sync', description: 'Backend that syncs orders', type: 'MachineToMachine', applicationsCount: 1 });
const nightly = sampleMachineApp('nightly', { name: 'Nightly export', description: 'Exports orders every night' });
const billingBot = sampleMachineApp('billing-bot', { name: 'Billing bot' });
const ann = listItemOf(sampleUser('ann', { name: 'Ann Lee', primaryEmail: 'ann@example.com', lastSignInAt: '2026-11-26T14:05:00.000Z' }));
const bob = listItemOf(sampleUser('bob', { primaryEmail: 'bob@example.com', isSuspended: true }));

/** How the fake management API answers: a list, never (loading), or a failure. */
type Answer<T> = T | 'loading' | 'error';
export type Args = {
  path: string;
  roles: Answer<RoleListItem[]>;
  /** The role's permissions. */
  scopes: Answer<RoleScope[]>;
  /** The role's machine-to-machine apps. */
  applications: Answer<Application[]>;
  /** The machine-to-machine apps without the role. */
  candidates: Answer<Application[]>;
  /** The role's users. */
  users: Answer<RoleUserRow[]>;
  /** The users without the role. */
  userCandidates: Answer<TenantUserListItem[]>;
  /** API resources with their permissions, for the picker. */
  resources: Answer<ResourceWithScopes[]>;
  /** Total-Number of the role list, when it has more pages than shown. */
  total?: number;
  /** The tenant's usage (cloud). */
  usage: SubscriptionUsage;
  /** POST /roles answers the free plan's quota error. */
  quotaExceeded?: boolean;
  /** The console user's saved preferences. */
  preferences?: Partial<AdminPreferences>;
};

const never = () => new Promise<never>(() => {});
const answer = async <T,>(value: Answer<T[]>, total?: number): Promise<Page<T>> => {
  if (value === 'loading') return never();
  if (value === 'error') throw new ApiError('Internal server error', 500, { code: 'unknown', message: 'Internal server error' });
  return { items: value, total: total ?? value.length };
};
const notFound = () => new ApiError('not found', 404, { code: 'entity.not_exists_with_id', message: 'The entity does not exist.' });

const fakeRoles = (args: Args) => (client: ApiClient): Partial<ApiClient> => ({
  roles: {
    ...createRolesApi(client.tenant),
    listRoles: async (_tenantId, { type }) => {
      const page = await answer(args.roles, args.total);
      return type ? { items: page.items.filter((role) => role.type === type), total: page.total } : page;
    },
    getRole: async (_tenantId, id) => {
      const found = (await answer(args.roles)).items.find((role) => role.id === id);
      if (!found) throw notFound();
      return found;
    },
    createRole: async (_tenantId, body) => {
      if (args.quotaExceeded) {
        const message = 'Status exception: Exceeded quota limit. {"userRolesLimit":1}';
        throw new ApiError(message, 403, { code: 'subscription.quota_exceeded', message });
      }
      return sampleRole('new', { type: 'User', ...body });
    },
    listRoleScopes: async () => answer(args.scopes),
    listRoleApplications: async () => answer(args.applications),
    listRoleUsers: async () => answer(args.users),
  },
  users: { ...createUsersApi(client.tenant), listUsers: async () => answer(args.userCandidates) },
  applications: {
    ...createApplicationsApi(client.tenant),
    // Without excludeRoleId: every machine-to-machine app, those with the role too.
    listApplications: async (_tenantId, { excludeRoleId }) =>
      answer(excludeRoleId || !Array.isArray(args.candidates) || !Array.isArray(args.applications) ? args.candidates : [...args.candidates, ...args.applications]),
  },
  resources: { ...createResourcesApi(client.tenant), listResourcesWithScopes: async () => answer(args.resources) },
  billing: { ...client.billing, getSubscriptionUsage: async () => args.usage },
});

const editionOf = (value: unknown): Edition => (value === 'self-hosted' ? 'self-hosted' : 'cloud');

/** Roles inside the real console routes, with the management API faked per story; the toolbar picks the edition. */
const meta: Meta<Args> = {
  title: 'Pages/Roles',
  render: (args, { globals }) =>
    createTestConsole(args.path, {
      edition: editionOf(globals.edition),
      tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' })],
      roles: ['acme:admin'],
      preferences: args.preferences,
      api: fakeRoles(args),
    }).element,
  args: {
    path: '/acme/roles',
    roles: [reader, sync],
    scopes: [],
    applications: [],
    candidates: [nightly, billingBot],
    users: [ann, bob],
    userCandidates: [listItemOf(sampleUser('cat', { username: 'cat_1', primaryEmail: null }))],
    resources: pickerResources,
    usage: sampleUsage('free'),
  },
};

export default meta;
type Story = StoryObj<Args>;

const dialogNamed = async (canvasElement: HTMLElement, name: string) => within(canvasElement.ownerDocument.body).findByRole('dialog', { name });

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Roles' });
    const readerRow = within(table).getByRole('link', { name: /Order reader/ }).closest('tr')!;
    await expect(readerRow).toHaveTextContent(/User.*Default.*Reads orders.*12 users/);
    const syncRow = within(table).getByRole('link', { name: /Order sync/ }).closest('tr')!;
    await expect(syncRow).toHaveTextContent(/Machine-to-machine.*1 machine-to-machine app/);
    await expect(canvas.getByRole('link', { name: 'Create role' })).toBeVisible();
  },
};

export const ListLoading: Story = {
  args: { roles: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Roles', busy: true })).toBeVisible();
  },
};

export const ListError: Story = {
  args: { roles: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const ListEmpty: Story = {
  args: { roles: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No roles yet/)).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: 'Create role' })).toHaveLength(2);
  },
};

export const ListEmptySearch: Story = {
  args: { path: '/acme/roles?q=nothing', roles: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No role matches "nothing".')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Search by name or description' })).toHaveValue('nothing');
  },
};

export const ListTypeFilter: Story = {
  args: { path: '/acme/roles?type=MachineToMachine' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Roles' });
    await expect(within(table).getByRole('link', { name: /Order sync/ })).toBeVisible();
    await expect(within(table).queryByRole('link', { name: /Order reader/ })).toBeNull();
    await expect(within(canvas.getByRole('group', { name: 'Role type' })).getByRole('button', { name: 'Machine-to-machine' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const ListPaged: Story = {
  args: { path: '/acme/roles?page=2', total: 42 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('21–22 of 42')).toBeVisible();
  },
};

export const Create: Story = {
  args: { path: '/acme/roles/create' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create role');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Role name' }), '#internal:admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await expect(await within(dialog).findByText('Enter a name of 1 to 128 characters that does not start with #internal:.')).toBeVisible();
    await expect(within(dialog).getByText('Enter a description of 1 to 128 characters.')).toBeVisible();
    // The free plan's figures beside each type.
    await expect(within(dialog).getAllByText('0 of 1 used on the Free plan')).toHaveLength(2);
  },
};

export const CreatePicker: Story = {
  args: { path: '/acme/roles/create' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create role');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /read:orders/ }));
    const selected = within(dialog).getByRole('group', { name: 'Selected: Permissions' });
    await expect(selected).toHaveTextContent('read:orders');
    // A User role is not offered the management API; a machine-to-machine role is.
    await expect(within(dialog).queryByRole('checkbox', { name: 'Gatehouse Management API' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Machine-to-machine role/ }));
    await expect(await within(dialog).findByRole('checkbox', { name: 'Gatehouse Management API' })).toBeVisible();
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search permissions' }), 'write');
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /read:orders/ })).toBeNull());
    await expect(within(dialog).getByRole('checkbox', { name: /write:orders/ })).toBeVisible();
  },
};

export const CreatePickerError: Story = {
  args: { path: '/acme/roles/create', resources: 'error' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create role');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('The list could not be loaded.');
  },
};

export const CreateQuotaReached: Story = {
  args: { path: '/acme/roles/create', usage: sampleUsage('free', { userRolesLimit: 1 }) },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create role');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Free plan's limit is reached for: User roles/);
    await expect(within(dialog).queryByRole('button', { name: 'Create role' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Machine-to-machine role/ }));
    await expect(await within(dialog).findByRole('button', { name: 'Create role' })).toBeVisible();
    // Two permissions on the free plan's one per role.
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Orders API' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Permissions per role/);
    await expect(within(dialog).queryByRole('button', { name: 'Create role' })).toBeNull();
  },
};

export const CreateQuotaExceeded: Story = {
  args: { path: '/acme/roles/create', quotaExceeded: true },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create role');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Role name' }), 'Order writer');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Writes orders');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Free plan's limit is reached for: User roles/);
    await expect(within(dialog).getByRole('textbox', { name: 'Role name' })).toHaveValue('Order writer');
  },
};

export const CreateAssignApplications: Story = {
  args: { path: '/acme/roles/create' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create role');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Role name' }), 'Exporter');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Machine-to-machine role/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Exports orders');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    const assign = await dialogNamed(canvasElement, 'Assign applications');
    await userEvent.click(await within(assign).findByRole('checkbox', { name: /Nightly export/ }));
    await expect(within(assign).getByRole('group', { name: 'Selected: Applications' })).toHaveTextContent('Nightly export');
    await expect(within(assign).getByRole('button', { name: 'Skip for now' })).toBeVisible();
    await expect(within(assign).getByRole('button', { name: 'Assign' })).toBeEnabled();
  },
};

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

export const PermissionsError: Story = {
  args: { path: '/acme/roles/reader/permissions', scopes: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeVisible();
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

export const MachineToMachineAppsError: Story = {
  args: { path: '/acme/roles/sync/machine-to-machine-apps', applications: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeVisible();
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

export const DetailsLoading: Story = {
  args: { path: '/acme/roles/reader/permissions', roles: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading' })).toBeVisible();
  },
};

export const DetailsNotFound: Story = {
  args: { path: '/acme/roles/unknown/permissions' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
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

export const UsersLoading: Story = {
  args: { path: '/acme/roles/reader/users', users: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Users', busy: true })).toBeVisible();
  },
};

export const UsersEmpty: Story = {
  args: { path: '/acme/roles/reader/users', users: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No users have this role yet.')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Assign users' })).toHaveLength(2);
  },
};

export const UsersError: Story = {
  args: { path: '/acme/roles/reader/users', users: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeVisible();
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

export const DetailsError: Story = {
  args: { path: '/acme/roles/reader/permissions', roles: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
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

/** Self-hosted: the same pages, without plans or quotas. */
export const ListSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  play: List.play,
};

export const CreateSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  args: { path: '/acme/roles/create', usage: sampleUsage('free', { userRolesLimit: 1 }) },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create role');
    await expect(await within(dialog).findByRole('button', { name: 'Create role' })).toBeVisible();
    await expect(within(dialog).queryByText(/used on the/)).toBeNull();
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
