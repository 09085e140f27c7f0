import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { sampleUsage } from '#tests/support/billing-samples.ts';
import { dialogNamed } from '../support/queries.ts';
import { devInboxUrlOf, webhooksMeta, type Args } from './webhooks-console.ts';

/** The list of webhooks and creating one; the list's loading and error states are the table kit's (stories/ui). */
const meta: Meta<Args> = { ...webhooksMeta, title: 'Pages/Webhooks' };

export default meta;
type Story = StoryObj<Args>;

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Webhooks' });
    await expect(within(table).getByRole('link', { name: /CRM sync/ }).closest('tr')).toHaveTextContent(/User\.Created \/ User\.Deleted.*95% success.*20/);
    await expect(within(table).getByRole('link', { name: /Audit trail/ }).closest('tr')).toHaveTextContent(/PostSignIn.*60% success.*5/);
    // A hook made with Logto's single event, without a name.
    await expect(within(table).getByRole('link', { name: /Unnamed/ }).closest('tr')).toHaveTextContent(/PostRegister.*0% success.*4/);
    await expect(within(table).getByRole('link', { name: /Paused export/ }).closest('tr')).toHaveTextContent(/Not in use.*-$/);
    await expect(within(table).getByRole('link', { name: /CRM sync/ })).toHaveAttribute('href', '/console/acme/webhooks/crm/settings');
  },
};

export const ListEmpty: Story = {
  args: { hooks: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No webhooks yet/)).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: 'Create webhook' })).toHaveLength(2);
  },
};

export const ListEmptySearch: Story = {
  args: { path: '/acme/webhooks?q=nothing', hooks: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No webhook matches "nothing".')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('nothing');
    await expect(canvas.getAllByRole('link', { name: 'Create webhook' })).toHaveLength(1);
  },
};

export const ListDisabledFilter: Story = {
  args: { path: '/acme/webhooks?enabled=false' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Webhooks' });
    await expect(within(table).getByRole('link', { name: /Paused export/ })).toBeVisible();
    await expect(within(table).queryByRole('link', { name: /CRM sync/ })).toBeNull();
    await expect(within(canvas.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'Disabled' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const ListPaged: Story = {
  args: { path: '/acme/webhooks?page=2', total: 24 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('21–24 of 24')).toBeVisible();
  },
};

export const Create: Story = {
  args: { path: '/acme/webhooks/create', hooks: [] },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create webhook');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }));
    await userEvent.paste('ftp://crm.example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    await expect(await within(dialog).findByText('Enter a name of 1 to 128 characters.')).toBeVisible();
    await expect(within(dialog).getByText(/Enter an absolute http\(s\) URL/)).toBeVisible();
    await expect(within(dialog).getByText('Choose at least one event.')).toBeVisible();
    // The events in their groups.
    const signIn = within(dialog).getByRole('group', { name: 'Sign-in flow' });
    await expect(within(signIn).getAllByRole('checkbox')).toHaveLength(3);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'User.Created' }));
    await expect(within(dialog).queryByText('Choose at least one event.')).toBeNull();
    // Without a dev webhook inbox on the server (production), nothing offers one.
    await expect(within(dialog).queryByRole('button', { name: 'Use the dev webhook inbox' })).toBeNull();
  },
};

/** A local server with the dev webhook inbox: one click fills the endpoint with the tenant's inbox named after the hook. */
export const CreateWithDevInbox: Story = {
  args: { path: '/acme/webhooks/create', hooks: [], devInbox: true },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create webhook');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('CRM sync');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use the dev webhook inbox' }));
    await expect(within(dialog).getByRole('textbox', { name: 'Endpoint URL' })).toHaveValue(devInboxUrlOf('crm-sync'));
    await expect(within(dialog).getByText(/For local use only/)).toBeVisible();
  },
};

export const CreateQuotaReached: Story = {
  args: { path: '/acme/webhooks/create', usage: sampleUsage('free', { hooksLimit: 1 }) },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create webhook');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Free plan's limit is reached for: Webhooks/);
    await expect(within(dialog).queryByRole('button', { name: 'Create webhook' })).toBeNull();
  },
};

export const CreateQuotaExceeded: Story = {
  args: { path: '/acme/webhooks/create', quotaExceeded: true },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create webhook');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('CRM sync');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }));
    await userEvent.paste('https://crm.example.test/hooks');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'User.Created' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Free plan's limit is reached for: Webhooks/);
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('CRM sync');
  },
};

/** Self-hosted: the same list, without plans or quotas. */
export const ListSelfHosted: Story = { globals: { edition: 'self-hosted' }, play: List.play };

export const CreateSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  args: { path: '/acme/webhooks/create', usage: sampleUsage('free', { hooksLimit: 1 }) },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create webhook');
    await expect(within(dialog).getByRole('button', { name: 'Create webhook' })).toBeVisible();
    await expect(within(dialog).queryByRole('alert')).toBeNull();
  },
};
