import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ApiError } from '#src/api/errors.ts';
import { selfHostedOf } from '../support/editions.ts';
import { body, dialogNamed } from '../support/queries.ts';
import { ann, bob, cat, usersMeta, type Args } from './users-console.ts';

/** The list of users, its filters and bulk actions, and creating one; the list's loading and error states are the table kit's (stories/ui). */
const meta: Meta<Args> = { ...usersMeta, title: 'Pages/Users' };

export default meta;
type Story = StoryObj<Args>;

/** A row of the table, by its link's name. */
const rowOf = (table: HTMLElement, name: RegExp) => within(table).getByRole('link', { name }).closest('tr')!;

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

export const ListEmpty: Story = {
  args: { users: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No users yet/)).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: 'Create user' })).toHaveLength(2);
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
    // Nothing was sent: no user was created.
    await expect(body(canvasElement).queryByRole('dialog', { name: 'User created' })).toBeNull();
    // An identifier answers the message.
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'dan_1');
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    await expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).not.toHaveAttribute('aria-invalid', 'true');
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

export const ListSelfHosted = selfHostedOf(List);

export const ListDevelopmentTenantSelfHosted: Story = {
  ...selfHostedOf<Story>({ args: { tenantTag: 'development' } }),
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'Users' });
    await expect(canvas.queryByRole('note', { name: 'Development tenant' })).toBeNull();
  },
};

export const ListEmptySelfHosted = selfHostedOf(ListEmpty);

export const CreatedSelfHosted = selfHostedOf(Created);
