import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { body, dialogNamed } from '../support/queries.ts';
import { webhooksMeta, type Args } from './webhooks-console.ts';

/**
 * A webhook's settings and recent requests, disabling and deleting it; its loading, not-found and error states are the
 * detail kit's, and the test send's states the flow's (stories/flows/webhook-test).
 */
const meta: Meta<Args> = { ...webhooksMeta, title: 'Pages/Webhook details' };

export default meta;
type Story = StoryObj<Args>;

export const Settings: Story = {
  args: { path: '/acme/webhooks/crm/settings' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'CRM sync' })).toBeVisible();
    await expect(canvas.getByText('20 requests in the last 24 hours')).toBeVisible();
    await expect(canvas.getByText('95% success')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Endpoint URL' })).toHaveValue('https://crm.example.test/hooks');
    await expect(canvas.getByRole('checkbox', { name: 'User.Deleted' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Header name 1' })).toHaveValue('x-tenant');
    await expect(canvas.getByRole('textbox', { name: 'Retries' })).toHaveValue('2');
  },
};

/** The key stays hidden until asked for; then it can be copied. */
export const SigningKeyShown: Story = {
  args: { path: '/acme/webhooks/crm/settings' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Show signing key' }));
    await expect(canvas.getByText('k3Yx9QpR2vT7wZ4mN8bC1dF6gH0jL5sA')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy Signing key' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Hide signing key' }));
    await expect(canvas.queryByText('k3Yx9QpR2vT7wZ4mN8bC1dF6gH0jL5sA')).toBeNull();
  },
};

/** The header rules on each row: a name twice, a reserved one, a name without a value; the test waits for a valid form. */
export const SettingsHeaderRules: Story = {
  args: { path: '/acme/webhooks/crm/settings' },
  play: async ({ canvas }) => {
    const add = await canvas.findByRole('button', { name: 'Add header' });
    const fill = async (name: string, text: string) => {
      await userEvent.click(canvas.getByRole('textbox', { name }));
      await userEvent.paste(text);
    };
    await userEvent.click(add);
    await fill('Header name 2', 'X-Tenant');
    await fill('Header value 2', 'other');
    await userEvent.click(add);
    await fill('Header name 3', 'Content-Type');
    await fill('Header value 3', 'text/plain');
    await userEvent.click(add);
    await fill('Header name 4', 'x-empty');
    await expect(canvas.getByRole('button', { name: 'Send test payload' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText('This header is set twice.')).toBeVisible();
    await expect(canvas.getByText('Gatehouse sets this header itself.')).toBeVisible();
    await expect(canvas.getByText('Enter a value for this header.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove header 4' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Remove header 3' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Remove header 2' }));
    await expect(canvas.getByRole('button', { name: 'Send test payload' })).toBeEnabled();
  },
};

/** A test of the unsaved URL: the endpoint's answer, with the form still unsaved. */
export const SettingsTestSent: Story = {
  args: { path: '/acme/webhooks/crm/settings', test: 'rejected' },
  play: async ({ canvas }) => {
    const url = await canvas.findByRole('textbox', { name: 'Endpoint URL' });
    await userEvent.clear(url);
    await userEvent.paste('https://crm.example.test/v2/hooks');
    await expect(url).toHaveValue('https://crm.example.test/v2/hooks');
    await userEvent.click(canvas.getByRole('button', { name: 'Send test payload' }));
    const result = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(result).toHaveTextContent('The endpoint answered with an error.');
    await expect(result).toHaveTextContent('https://crm.example.test/v2/hooks');
    await expect(result).toHaveTextContent('500');
    await expect(result).toHaveTextContent('{"error":"database unavailable"}');
    await expect(canvas.getByRole('region', { name: 'Unsaved changes' })).toBeVisible();
  },
};

export const RegenerateConfirm: Story = {
  args: { path: '/acme/webhooks/crm/settings' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Regenerate' }));
    const dialog = await dialogNamed(canvasElement, 'Regenerate signing key');
    await expect(dialog).toHaveTextContent('signatures made with the current one stop verifying');
  },
};

export const Disabled: Story = {
  args: { path: '/acme/webhooks/paused/settings' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Paused export' })).toBeVisible();
    await expect(canvas.getByText('Not in use')).toBeVisible();
    await expect(canvas.queryByText(/requests in the last 24 hours/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'More actions' }));
    await expect(await body(canvasElement).findByRole('menuitem', { name: 'Reactivate' })).toBeInTheDocument();
    await expect(body(canvasElement).queryByRole('menuitem', { name: 'Disable' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  },
};

export const DisableConfirm: Story = {
  args: { path: '/acme/webhooks/crm/settings' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: 'Disable' }));
    const dialog = await dialogNamed(canvasElement, 'Disable webhook');
    await expect(dialog).toHaveTextContent('CRM sync sends no more requests until it is reactivated.');
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  },
};

export const DeleteConfirm: Story = {
  args: { path: '/acme/webhooks/crm/settings' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: 'Delete' }));
    const dialog = await dialogNamed(canvasElement, 'Delete webhook');
    await expect(dialog).toHaveTextContent('its deliveries not yet sent are dropped');
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  },
};

export const RecentRequests: Story = {
  args: { path: '/acme/webhooks/crm/recent-requests' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Recent requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^200User\.Created3 of 3/),
      expect.stringMatching(/^500User\.Created2 of 3/),
      expect.stringMatching(/^500User\.Created1 of 3/),
      expect.stringMatching(/^Request errorUser\.Deleted1 of 4/),
    ]);
    await expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/console/acme/webhooks/crm/recent-requests/log-3');
  },
};

export const RecentRequestsByEvent: Story = {
  args: { path: '/acme/webhooks/crm/recent-requests?event=User.Deleted' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Recent requests' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await expect(canvas.getByRole('combobox', { name: 'Event' })).toHaveValue('User.Deleted');
  },
};

export const RecentRequestsEmpty: Story = {
  args: { path: '/acme/webhooks/crm/recent-requests', logs: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No requests yet in the last 24 hours.')).toBeVisible();
  },
};

export const SettingsSelfHosted: Story = { globals: { edition: 'self-hosted' }, args: Settings.args, play: Settings.play };
