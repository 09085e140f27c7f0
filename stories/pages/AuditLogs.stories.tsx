import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { clientCredentials, signInTrail } from '#tests/support/log-samples.ts';
import { selfHostedOf } from '../support/editions.ts';
import { auditLogsMeta, type Args } from './audit-logs-console.ts';

/** The audit log, and a user's or an app's logs tab; the table's loading and error states are the table kit's (stories/ui). */
const meta: Meta<Args> = { ...auditLogsMeta, title: 'Pages/Audit logs' };

export default meta;
type Story = StoryObj<Args>;

// Rows and headers by tag: role queries over the whole table are slow.
const rowOf = (table: HTMLElement, text: RegExp) => [...table.querySelectorAll('tr')].find((row) => text.test(row.textContent ?? ''))!;
/** A filter, found by its label whether its select has loaded or an input stands in for it. */
const filterLabel = (canvas: ReturnType<typeof within>, name: string) => canvas.queryByText(name, { selector: 'label' });
const headersOf = (table: HTMLElement) => [...table.querySelectorAll('th')].map((header) => header.textContent);

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Audit logs', busy: false });
    await expect(headersOf(table)).toEqual(['Event', 'User', 'Application', 'Actor', 'Time']);
    const failed = rowOf(table, /Sign-in: verify password.*:30:40/);
    await expect(failed).toHaveTextContent(/^Error/);
    await expect(within(failed).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/console/acme/users/ann');
    await expect(within(failed).getByRole('link', { name: 'Storefront' })).toBeVisible();
    await expect(rowOf(table, /User updated/)).toHaveTextContent(/User updated.*Ann Lee.*-.*Ada/);
    await expect(within(rowOf(table, /Token request: token exchange/)).getByText('Impersonation')).toBeVisible();
    // A key outside the catalogue shows raw, and a deleted user as such.
    await expect(rowOf(table, /Passkey/)).toHaveTextContent(/^SuccessInteraction\.SignIn\.Verification\.Passkey\.SubmitDeleted user/);
    await expect(canvas.getByText('Logs are kept for 14 days on the Pro plan.')).toBeVisible();
    await expect(canvas.getByText('Upgrade plan').closest('a')).toHaveAttribute('href', '/console/acme/tenant-settings/subscription');
    await expect(canvas.getByLabelText('Time range')).toHaveValue('7d');
  },
};

export const ListEmpty: Story = {
  args: { logs: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No results')).toBeVisible();
  },
};

/** The free plan keeps 3 days: the longer presets are disabled, and the range falls back to the last day. */
export const FreePlanRetention: Story = {
  args: { planId: 'free' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Logs are kept for 3 days on the Free plan.')).toBeVisible();
    const range = canvas.getByLabelText('Time range');
    await expect(range).toHaveValue('1d');
    await expect(within(range).getByRole('option', { name: 'Last 7 days (your plan keeps 3 days)' })).toBeDisabled();
    await expect(within(range).getByRole('option', { name: 'Last 30 days (your plan keeps 3 days)' })).toBeDisabled();
    await expect(within(range).getByRole('option', { name: 'Last 1 day' })).toBeEnabled();
  },
};

/** A range the console does not offer reads as the last 7 days. */
export const UnknownRange: Story = {
  args: { path: '/acme/audit-logs?range=90d' },
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'Audit logs', busy: false });
    await expect(canvas.getByLabelText('Time range')).toHaveValue('7d');
  },
};

export const CustomRange: Story = {
  args: { path: '/acme/audit-logs?range=custom&start_time=2026-11-18&end_time=2026-11-20' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Start date')).toHaveValue('2026-11-18');
    await expect(canvas.getByLabelText('End date')).toHaveValue('2026-11-20');
  },
};

/** A log's related logs: one sign-in attempt's, with the way back to all of them. */
export const SignInAttempt: Story = {
  args: { path: '/acme/audit-logs?sessionId=sess1&range=custom&start_time=2026-11-19&end_time=2026-11-21', logs: signInTrail() },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Sign-in attempt')).toBeVisible();
    await expect(canvas.getByText('sess1')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Show all sign-in attempts' })).toBeVisible();
  },
};

/** The event filter searches the titles, grouped; a key from the URL shows its title. */
export const EventFilter: Story = {
  args: { path: '/acme/audit-logs?event=Interaction.SignIn.Verification.Password.Submit' },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('Event', { selector: 'label' });
    // Until the selects' code has loaded, an input that looks the same stands in, with the same value.
    const first = canvas.getByRole('combobox', { name: 'Event' });
    await expect(first).toHaveValue('Sign-in: verify password');
    await userEvent.click(first);
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Event' })).not.toHaveAttribute('readonly'));
    const event = canvas.getByRole('combobox', { name: 'Event' });
    await expect(event).toHaveValue('Sign-in: verify password');
    await userEvent.clear(event);
    await userEvent.type(event, 'bind');
    // By id and text: role queries over a page with every option are slow.
    const listbox = canvasElement.ownerDocument.getElementById(event.getAttribute('aria-controls') ?? '')!;
    await expect(within(listbox).getByText('MFA')).toBeVisible();
    await expect(within(listbox).getByText('Sign-in: bind TOTP')).toBeVisible();
    await expect(within(listbox).queryByText('Sign-in: verify password')).toBeNull();
    // The page is checked once the dropdown has gone.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(listbox).not.toBeVisible());
  },
};

export const ListSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  args: { path: '/acme/audit-logs' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Audit logs', busy: false })).toBeVisible();
    await expect(canvas.queryByText(/Logs are kept for/)).toBeNull();
    await expect(within(canvas.getByLabelText('Time range')).getByRole('option', { name: 'Last 30 days' })).toBeEnabled();
  },
};

/** Self-hosted with AUDIT_LOG_RETENTION_DAYS=3: the same limits as the free plan, without a plan to name. */
export const RetentionSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  args: { retention: 3 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Logs are kept for 3 days.')).toBeVisible();
    const range = canvas.getByLabelText('Time range');
    await expect(range).toHaveValue('1d');
    await expect(within(range).getByRole('option', { name: 'Last 7 days (your plan keeps 3 days)' })).toBeDisabled();
    await expect(canvas.queryByText('Upgrade plan')).toBeNull();
  },
};

export const ListEmptySelfHosted = selfHostedOf(ListEmpty);

/** A user's logs tab: only their logs, without the User column. */
export const UserLogs: Story = {
  args: { path: '/acme/users/ann/logs', logs: signInTrail() },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Logs', busy: false });
    await expect(headersOf(table)).toEqual(['Event', 'Application', 'Actor', 'Time']);
    await expect(within(table).getByRole('link', { name: /Token request: authorization code/ })).toHaveAttribute('href', '/console/acme/users/ann/logs/log6');
    await expect(filterLabel(canvas, 'User')).toBeNull();
  },
};

export const UserLogsEmpty: Story = { args: { path: '/acme/users/ann/logs', logs: [] }, play: ListEmpty.play };

export const UserLogsSelfHosted = selfHostedOf(UserLogs);

export const UserLogsEmptySelfHosted = selfHostedOf(UserLogsEmpty);

/** An app's logs tab: its sign-ins, with the User column and filter. */
export const ApplicationLogs: Story = {
  args: { path: '/acme/applications/spa1/logs', logs: signInTrail() },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Logs', busy: false });
    await expect(headersOf(table)).toEqual(['Event', 'User', 'Time']);
    await expect(within(table).getByRole('link', { name: /Interaction ended/ })).toHaveAttribute('href', '/console/acme/applications/spa1/logs/log5');
    await expect(filterLabel(canvas, 'User')).toBeVisible();
    await expect(filterLabel(canvas, 'Application')).toBeNull();
  },
};

/** A machine-to-machine app's logs have no users: no User column or filter. */
export const MachineToMachineLogs: Story = {
  args: { path: '/acme/applications/m2m1/logs', logs: [clientCredentials()] },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Logs', busy: false });
    await expect(headersOf(table)).toEqual(['Event', 'Time']);
    await expect(within(table).getByRole('link', { name: /Token request: client credentials/ })).toBeVisible();
    await expect(filterLabel(canvas, 'User')).toBeNull();
  },
};

export const ApplicationLogsEmpty: Story = { args: { path: '/acme/applications/spa1/logs', logs: [] }, play: ListEmpty.play };

export const ApplicationLogsSelfHosted = selfHostedOf(ApplicationLogs);

export const ApplicationLogsEmptySelfHosted = selfHostedOf(ApplicationLogsEmpty);
