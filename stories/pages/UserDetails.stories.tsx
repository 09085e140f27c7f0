import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { noIdentities } from '#tests/support/user-samples.ts';
import { selfHostedOf } from '../support/editions.ts';
import { body, dialogNamed } from '../support/queries.ts';
import { usersMeta, writer, type Args } from './users-console.ts';

/** A user's settings, roles and organizations tabs, and what their menu does; their loading, not-found and error states, and the tabs' list states, are the kits' (stories/ui). */
const meta: Meta<Args> = { ...usersMeta, title: 'Pages/User details' };

export default meta;
type Story = StoryObj<Args>;

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

export const Roles: Story = {
  args: { path: '/acme/users/ann/roles' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Roles' });
    await expect(await within(table).findByRole('link', { name: 'Order reader' })).toHaveAttribute('href', '/console/acme/roles/reader/permissions');
    await expect(within(table).getByRole('button', { name: 'Remove Order reader' })).toBeVisible();
  },
};

export const RolesEmpty: Story = {
  args: { path: '/acme/users/ann/roles', userRoles: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This user has no roles yet. Assign roles to give them permissions.')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Assign roles' })).toHaveLength(2);
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

export const OrganizationsEmpty: Story = {
  args: { path: '/acme/users/ann/organizations', organizations: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This user belongs to no organization yet.')).toBeVisible();
  },
};

export const SettingsSelfHosted = selfHostedOf(Settings);

export const RolesSelfHosted = selfHostedOf(Roles);

export const OrganizationsSelfHosted = selfHostedOf(Organizations);
