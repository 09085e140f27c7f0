import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { sampleUsage } from '#tests/support/billing-samples.ts';
import { dialogNamed } from '../support/queries.ts';
import { rolesMeta, type Args } from './roles-console.ts';

/** The list of roles and creating one; the list's loading and error states are the table kit's (stories/ui). */
const meta: Meta<Args> = { ...rolesMeta, title: 'Pages/Roles' };

export default meta;
type Story = StoryObj<Args>;

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
    await expect(within(dialog).getByRole('button', { name: 'Create role' })).toBeVisible();
  },
};

/** The server refuses a name in use: its message shows on the name field. */
export const CreateNameInUse: Story = {
  args: { path: '/acme/roles/create' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create role');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Role name' }), 'Order reader');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Reads orders');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await expect(await within(dialog).findByText('A role with this name already exists.')).toBeVisible();
    await expect(within(dialog).getByRole('textbox', { name: 'Role name' })).toHaveAttribute('aria-invalid', 'true');
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
