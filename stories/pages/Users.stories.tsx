import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Edition } from '#schemas/config.ts';
import type { TenantTag } from '#schemas/constants.ts';
import type { Role, RoleListItem } from '#schemas/role.ts';
import type { MfaVerification, TenantUser } from '#schemas/tenant-user.ts';
import type { ApiClient, Page } from '#src/api/client.ts';
import { ApiError } from '#src/api/errors.ts';
import { createRolesApi } from '#src/api/management/roles.ts';
import { createUsersApi, type UserIdentities, type UserOrganization } from '#src/api/management/users.ts';
import { createTestConsole } from '#tests/support/console.tsx';
import { sampleRole } from '#tests/support/role-samples.ts';
import { sampleTenant } from '#tests/support/samples.ts';
import {
  listItemOf,
  noIdentities,
  sampleFactors,
  sampleIdentities,
  sampleOrganization,
  sampleUser,
  withPassword,
} from '#tests/support/user-samples.ts';

const ann = sampleUser('ann', {
  name: 'Ann Lee',
  primaryEmail: 'ann@example.com',
  username: 'ann_1',
  applicationId: 'shop',
  lastSignInAt: '2026-11-26T14:05:00.000Z',
  customData: { plan: 'gold' },
  profile: { givenName: 'Ann', familyName: 'Lee', address: { country: 'NZ' } },
});
const bob = sampleUser('bob', { primaryEmail: 'bob@example.com', isSuspended: true, hasPassword: false });
const cat = sampleUser('cat', { primaryEmail: null, primaryPhone: '64211234567', applicationId: 'gone' });
const reader = sampleRole('reader', { name: 'Order reader', description: 'Reads orders' });
const writer = sampleRole('writer', { name: 'Order writer', description: 'Creates and changes orders' });

/** How the fake management API answers: a value, never (loading), or a failure. */
type Answer<T> = T | 'loading' | 'error';
export type Args = {
  path: string;
  /** Acme's tag; production unless a story says otherwise. */
  tenantTag?: TenantTag;
  users: Answer<TenantUser[]>;
  /** Total-Number of the list, when it has more pages than shown; `capped` when the server stopped counting. */
  total?: number;
  capped?: boolean;
  factors: Answer<MfaVerification[]>;
  identities: Answer<UserIdentities>;
  /** The user's roles. */
  userRoles: Answer<Role[]>;
  /** The User roles of the tenant, for the pickers. */
  roles: Answer<RoleListItem[]>;
  organizations: Answer<UserOrganization[]>;
  /** POST /users fails with this. */
  createError?: ApiError;
};

const never = () => new Promise<never>(() => {});
const serverError = () => new ApiError('Internal server error', 500, { code: 'unknown', message: 'Internal server error' });
const answer = async <T,>(value: Answer<T>): Promise<T> => {
  if (value === 'loading') return never();
  if (value === 'error') throw serverError();
  return value;
};
const pageOf = async <T,>(value: Answer<T[]>, total?: number, capped?: boolean): Promise<Page<T>> => {
  const items = await answer(value);
  return { items, total: total ?? items.length, ...(capped ? { capped } : {}) };
};
const notFound = () => new ApiError('not found', 404, { code: 'entity.not_exists_with_id', message: 'The entity does not exist.' });

const fakeUsers = (args: Args) => (client: ApiClient): Partial<ApiClient> => ({
  users: {
    ...createUsersApi(client.tenant),
    listUsers: async (_tenantId, { q, isSuspended, sort }) => {
      const page = await pageOf(args.users, args.total, args.capped);
      const signedIn = (user: TenantUser) => user.lastSignInAt ?? '';
      const items = page.items
        .filter((user) => isSuspended === undefined || user.isSuspended === isSuspended)
        .filter((user) => !q || JSON.stringify(user).includes(q))
        .toSorted((a, b) => (sort === 'lastSignInAt' ? signedIn(b).localeCompare(signedIn(a)) : 0))
        .map(listItemOf);
      return { ...page, items };
    },
    getUser: async (_tenantId, id) => {
      const found = (await answer(args.users)).find((user) => user.id === id);
      if (!found) throw notFound();
      return found;
    },
    createUser: async (_tenantId, body) => {
      if (args.createError) throw args.createError;
      return withPassword(sampleUser('new', { primaryEmail: null, ...body }));
    },
    generatePassword: async (_tenantId, id) => withPassword(sampleUser(id, { primaryEmail: 'ann@example.com' })),
    listMfaVerifications: async () => answer(args.factors),
    getIdentities: async () => answer(args.identities),
    listUserRoles: async () => pageOf(args.userRoles),
    listAssignableRoles: async () => pageOf(args.roles),
    listOrganizations: async () => answer(args.organizations),
    getApplicationName: async (_tenantId, id) => {
      if (id !== 'shop') throw notFound();
      return 'Shop';
    },
  },
  roles: { ...createRolesApi(client.tenant), listRoles: async () => pageOf(args.roles) },
});

const editionOf = (value: unknown): Edition => (value === 'self-hosted' ? 'self-hosted' : 'cloud');

/** Users inside the real console routes, with the management API faked per story; the toolbar picks the edition. */
const meta: Meta<Args> = {
  title: 'Pages/Users',
  render: (args, { globals }) =>
    createTestConsole(args.path, {
      edition: editionOf(globals.edition),
      tenants: [sampleTenant('acme', { name: 'Acme', tag: args.tenantTag ?? 'production', planId: 'free' })],
      roles: ['acme:admin'],
      api: fakeUsers(args),
    }).element,
  args: {
    path: '/acme/users',
    users: [ann, bob, cat],
    factors: sampleFactors,
    identities: sampleIdentities,
    userRoles: [reader],
    roles: [reader, writer],
    organizations: [sampleOrganization('org-1', 'Acme Inc.', ['admin', 'member']), sampleOrganization('org-2', 'Side project')],
  },
};

export default meta;
type Story = StoryObj<Args>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const dialogNamed = async (canvasElement: HTMLElement, name: string | RegExp) => body(canvasElement).findByRole('dialog', { name });
const rowOf = (table: HTMLElement, name: RegExp) => within(table).getByRole('link', { name }).closest('tr')!;

export const ListLoading: Story = {
  args: { users: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Users', busy: true })).toBeVisible();
  },
};

export const ListError: Story = {
  args: { users: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const ListEmpty: Story = {
  args: { users: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No users yet/)).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: 'Create user' })).toHaveLength(2);
  },
};

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Users' });
    await within(table).findByRole('link', { name: /Ann Lee/ });
    await expect(await within(rowOf(table, /Ann Lee/)).findByText('Shop')).toBeVisible();
    await expect(rowOf(table, /Ann Lee/)).toHaveTextContent(/Ann Lee.*ann_1.*Shop.*Nov 26, 2026/);
    await expect(rowOf(table, /bob@example.com/)).toHaveTextContent(/Suspended/);
    // An app since deleted shows as its id.
    await expect(await within(rowOf(table, /64211234567/)).findByText('gone')).toBeVisible();
    await expect(within(table).getByRole('link', { name: /Ann Lee/ })).toHaveAttribute('href', '/console/acme/users/ann/settings');
    await expect(canvas.getByRole('link', { name: 'Create user' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Select all users on this page' })).not.toBeChecked();
    await expect(canvas.queryByRole('note', { name: 'Development tenant' })).toBeNull();
  },
};

/** A cloud development tenant: a notice says its users may be purged (users.md §2). */
export const ListDevelopmentTenant: Story = {
  args: { tenantTag: 'development' },
  globals: { edition: 'cloud' },
  play: async ({ canvas }) => {
    const notice = await canvas.findByRole('note', { name: 'Development tenant' });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveTextContent('its users and their data may be purged');
  },
};

export const ListNoMatch: Story = {
  args: { path: '/acme/users?q=nobody' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No user matches "nobody".')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Search by id, e-mail, phone, username or name' })).toHaveValue('nobody');
    await expect(canvas.getAllByRole('link', { name: 'Create user' })).toHaveLength(1);
  },
};

export const ListSuspended: Story = {
  args: { path: '/acme/users?status=suspended' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Users' });
    await expect(within(table).getAllByRole('link').map((link) => link.textContent)).toEqual([expect.stringContaining('bob@example.com')]);
    await expect(canvas.getByRole('button', { name: 'Suspended' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** The latest sign-in first, those who never signed in last. */
export const ListByLatestSignIn: Story = {
  args: { path: '/acme/users?sort=lastSignInAt', users: [ann, bob, { ...cat, lastSignInAt: '2026-11-27T09:30:00.000Z' }] },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Users' });
    await expect(within(table).getAllByRole('link').map((link) => link.textContent)).toEqual([
      expect.stringContaining('64211234567'),
      expect.stringContaining('Ann Lee'),
      expect.stringContaining('bob@example.com'),
    ]);
    await expect(within(table).getByRole('columnheader', { name: 'Latest sign-in' })).toHaveAttribute('aria-sort', 'descending');
    await expect(within(canvas.getByRole('group', { name: 'Sort users by' })).getByRole('button', { name: 'Latest sign-in' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** A filtered count the server stopped at: the pager says "10,000+". */
export const ListCapped: Story = {
  args: { path: '/acme/users?status=active&page=2', users: [ann, cat], total: 10_000, capped: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('21–22 of 10,000+')).toBeVisible();
  },
};

export const ListSelection: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select Ann Lee' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select bob@example.com' }));
    const toolbar = await canvas.findByRole('region', { name: 'Bulk actions' });
    await expect(within(toolbar).getByRole('status')).toHaveTextContent('2 users selected');
    await expect(canvas.getByRole('checkbox', { name: 'Select all users on this page' })).toBePartiallyChecked();
    for (const name of ['Assign role', 'Suspend', 'Reactivate', 'Delete']) await expect(within(toolbar).getByRole('button', { name })).toBeVisible();
  },
};

export const BulkAssignRole: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select all users on this page' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Assign role' }));
    const picker = await dialogNamed(canvasElement, 'Assign a role');
    await expect(within(picker).getByText('Pick the role to give the 3 selected users.')).toBeVisible();
    await userEvent.click(await within(picker).findByRole('radio', { name: /Order writer/ }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Continue' }));
    const confirm = await dialogNamed(canvasElement, 'Assign Order writer to 3 users?');
    await expect(within(confirm).getByRole('button', { name: 'Assign' })).toBeVisible();
  },
};

export const Create: Story = {
  args: { path: '/acme/users/create?status=active' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create user');
    // No identifier: the three fields turn red and one message says why.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Enter an e-mail address, a phone number or a username/);
    for (const name of ['E-mail', 'Phone number', 'Username']) await expect(within(dialog).getByRole('textbox', { name })).toHaveAttribute('aria-invalid', 'true');
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid', 'true');
  },
};

export const CreateFieldError: Story = {
  args: {
    path: '/acme/users/create',
    createError: new ApiError('in use', 422, { code: 'user.email_already_in_use', message: 'The e-mail is in use.' }),
  },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create user');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await expect(await within(dialog).findByText('This e-mail address is already in use.')).toBeVisible();
  },
};

export const Created: Story = {
  args: { path: '/acme/users/create' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create user');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'dan_2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    const created = await dialogNamed(canvasElement, 'User created');
    await expect(within(created).getByText('dan_2')).toBeVisible();
    await expect(within(created).queryByText('Xq7#mP2v!Lr9@kWz')).toBeNull();
    await userEvent.click(within(created).getByRole('button', { name: 'Show password' }));
    await expect(within(created).getByText('Xq7#mP2v!Lr9@kWz')).toBeVisible();
    await expect(within(created).getByRole('button', { name: 'Check user details' })).toBeVisible();
  },
};

export const Settings: Story = {
  args: { path: '/acme/users/ann/settings' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeVisible();
    await expect(canvas.getByText('ann_1', { selector: 'p' })).toBeVisible();
    const tabs = canvas.getByRole('navigation', { name: 'User tabs' });
    await expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Settings', 'Roles', 'Logs', 'Organizations']);
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ann@example.com');
    await expect(canvas.getByText('Set')).toBeVisible();
    const factors = await canvas.findByRole('table', { name: 'MFA factors' });
    await expect(within(factors).getByText('7 codes left')).toBeVisible();
    await expect(within(factors).getByRole('button', { name: 'Remove YubiKey 5C' })).toBeVisible();
    const connections = await canvas.findByRole('table', { name: 'Connections' });
    await expect(within(connections).getByRole('button', { name: 'Remove github' })).toBeVisible();
    await expect(within(connections).getByText('Enterprise SSO: https://acme.okta.com')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Given name' })).toHaveValue('Ann');
    await expect(canvas.getByRole('textbox', { name: 'Country' })).toHaveValue('NZ');
    await expect(canvas.getByRole('textbox', { name: /Custom data/ })).toHaveValue('{\n  "plan": "gold"\n}');
  },
};

export const SettingsNothingSetUp: Story = {
  args: { path: '/acme/users/bob/settings', factors: [], identities: noIdentities },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No MFA set up.')).toBeVisible();
    await expect(await canvas.findByText(/No connections/)).toBeVisible();
    await expect(canvas.getByText('Not set')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Generate' })).toBeVisible();
    await expect(canvas.getByText('Suspended')).toBeVisible();
  },
};

export const SettingsPartsError: Story = {
  args: { path: '/acme/users/ann/settings', factors: 'error', identities: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'E-mail' })).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Retry' })).toHaveLength(2));
  },
};

export const SettingsInvalidCustomData: Story = {
  args: { path: '/acme/users/ann/settings' },
  play: async ({ canvas }) => {
    const customData = await canvas.findByRole('textbox', { name: /Custom data/ });
    await userEvent.clear(customData);
    await userEvent.type(customData, '[[1, 2]');
    await userEvent.click(await canvas.findByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText('Invalid custom data: enter a JSON object.')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Unsaved changes' })).toBeVisible();
  },
};

export const ResetPassword: Story = {
  args: { path: '/acme/users/ann/settings' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Reset' }));
    const confirm = await dialogNamed(canvasElement, 'Reset password');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset' }));
    const shown = await dialogNamed(canvasElement, 'Password reset');
    await expect(within(shown).getByText(/shown only this once/)).toBeVisible();
    await expect(within(shown).getByRole('button', { name: 'Copy' })).toBeVisible();
  },
};

export const SuspendConfirm: Story = {
  args: { path: '/acme/users/ann/settings' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: 'Suspend user' }));
    const dialog = await dialogNamed(canvasElement, 'Suspend user');
    await expect(dialog).toHaveTextContent('Ann Lee is signed out at once');
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  },
};

export const DeleteConfirm: Story = {
  args: { path: '/acme/users/bob/settings' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'More actions' }));
    // A suspended user's menu offers Reactivate.
    await body(canvasElement).findByRole('menuitem', { name: 'Reactivate user' });
    await userEvent.click(body(canvasElement).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await dialogNamed(canvasElement, 'Delete user');
    await expect(dialog).toHaveTextContent('This cannot be undone.');
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  },
};

export const DetailsLoading: Story = {
  args: { path: '/acme/users/ann/settings', users: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading' })).toBeVisible();
  },
};

export const DetailsError: Story = {
  args: { path: '/acme/users/ann/settings', users: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
  },
};

export const DetailsNotFound: Story = {
  args: { path: '/acme/users/nobody/settings' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  },
};

export const Roles: Story = {
  args: { path: '/acme/users/ann/roles' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Roles' });
    await expect(await within(table).findByRole('link', { name: 'Order reader' })).toHaveAttribute('href', '/console/acme/roles/reader/permissions');
    await expect(within(table).getByRole('button', { name: 'Remove Order reader' })).toBeVisible();
  },
};

export const RolesLoading: Story = {
  args: { path: '/acme/users/ann/roles', userRoles: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Roles', busy: true })).toBeVisible();
  },
};

export const RolesEmpty: Story = {
  args: { path: '/acme/users/ann/roles', userRoles: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This user has no roles yet. Assign roles to give them permissions.')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Assign roles' })).toHaveLength(2);
  },
};

export const RolesError: Story = {
  args: { path: '/acme/users/ann/roles', userRoles: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const AssignRoles: Story = {
  args: { path: '/acme/users/ann/roles', roles: [writer] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Assign roles' }));
    const dialog = await dialogNamed(canvasElement, 'Assign roles');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Order writer' }));
    await expect(within(dialog).getByRole('group', { name: 'Selected: Roles' })).toHaveTextContent('Order writer');
    await expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeEnabled();
  },
};

export const Organizations: Story = {
  args: { path: '/acme/users/ann/organizations' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Organizations' });
    await expect((await within(table).findByText('Acme Inc.')).closest('tr')).toHaveTextContent(/org-1.*admin.*member/);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search by name' }), 'side{Enter}');
    await waitFor(() => expect(within(table).queryByText('Acme Inc.')).toBeNull());
  },
};

export const OrganizationsLoading: Story = {
  args: { path: '/acme/users/ann/organizations', organizations: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Organizations', busy: true })).toBeVisible();
  },
};

export const OrganizationsEmpty: Story = {
  args: { path: '/acme/users/ann/organizations', organizations: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This user belongs to no organization yet.')).toBeVisible();
  },
};

export const OrganizationsError: Story = {
  args: { path: '/acme/users/ann/organizations', organizations: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** Self-hosted: the same pages. */
const selfHosted = (story: Story): Story => ({ ...story, globals: { edition: 'self-hosted' } });
export const ListSelfHosted = selfHosted(List);
export const ListDevelopmentTenantSelfHosted: Story = {
  ...selfHosted({ args: { tenantTag: 'development' } }),
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'Users' });
    await expect(canvas.queryByRole('note', { name: 'Development tenant' })).toBeNull();
  },
};
export const ListEmptySelfHosted = selfHosted(ListEmpty);
export const CreatedSelfHosted = selfHosted(Created);
export const SettingsSelfHosted = selfHosted(Settings);
export const RolesSelfHosted = selfHosted(Roles);
export const OrganizationsSelfHosted = selfHosted(Organizations);
