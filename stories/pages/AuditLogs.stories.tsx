import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Application } from '#schemas/application.ts';
import type { Edition } from '#schemas/config.ts';
import type { LogItem } from '#schemas/log.ts';
import { quotaOf } from '#schemas/quota.ts';
import { ApiError } from '#src/api/errors.ts';
import type { ApiClient, Page } from '#src/api/client.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createLogsApi } from '#src/api/management/logs.ts';
import { createUsersApi } from '#src/api/management/users.ts';
import { sampleApplication } from '#tests/support/application-samples.ts';
import { createTestConsole } from '#tests/support/console.tsx';
import { ann, bob, clientCredentials, searchSampleUsers, impersonation, signInTrail, unknownKeyByDeletedUser, userUpdated } from '#tests/support/log-samples.ts';
import { sampleTenant } from '#tests/support/samples.ts';

const storefront = sampleApplication('spa1', { name: 'Storefront', type: 'SPA' });
const nightly = sampleApplication('m2m1', { name: 'Nightly export', type: 'MachineToMachine' });

/** How the fake management API answers: a list, never (loading), or a failure. */
type Answer<T> = T | 'loading' | 'error';
export type Args = {
  path: string;
  logs: Answer<LogItem[]>;
  /** Total-Number of the log list, when it has more pages than shown. */
  total?: number;
  /** Total-Number-Is-Capped: the total stopped at 10,000. */
  capped?: boolean;
  applications: Application[];
  /** The tenant's plan (cloud). */
  planId: string;
  /** What GET /logs/retention answers, when not the plan's days (cloud) or none (self-hosted). */
  retention?: number | null;
};

const never = () => new Promise<never>(() => {});
const answer = async <T,>(value: Answer<T[]>, total?: number): Promise<Page<T>> => {
  if (value === 'loading') return never();
  if (value === 'error') throw new ApiError('Internal server error', 500, { code: 'unknown', message: 'Internal server error' });
  return { items: value, total: total ?? value.length };
};
const notFound = () => new ApiError('not found', 404, { code: 'entity.not_exists_with_id', message: 'The entity does not exist.' });

const fakeLogs = (args: Args, edition: Edition) => (client: ApiClient): Partial<ApiClient> => ({
  logs: {
    ...createLogsApi(client.tenant),
    getRetention: async () => {
      if (args.retention !== undefined) return args.retention;
      const days = edition === 'cloud' ? quotaOf(args.planId, 'auditLogsRetentionDays') : null;
      return typeof days === 'number' ? days : null;
    },
    listLogs: async () => ({ ...(await answer(args.logs, args.total)), ...(args.capped ? { capped: true } : {}) }),
    getLog: async (_tenantId, id) => {
      const found = (await answer(args.logs)).items.find((log) => log.id === id);
      if (!found) throw notFound();
      return found;
    },
  },
  users: {
    ...createUsersApi(client.tenant),
    listUsers: searchSampleUsers,
    getUser: async (_tenantId, id) => {
      const found = [ann, bob].find((user) => user.id === id);
      if (!found) throw notFound();
      return found;
    },
  },
  applications: {
    ...createApplicationsApi(client.tenant),
    listApplications: async () => ({ items: args.applications, total: args.applications.length }),
    getApplication: async (_tenantId, id) => {
      const found = args.applications.find((application) => application.id === id);
      if (!found) throw notFound();
      return found;
    },
  },
});

const editionOf = (value: unknown): Edition => (value === 'self-hosted' ? 'self-hosted' : 'cloud');

/** The audit log inside the real console routes, with the management API faked per story; the toolbar picks the edition. */
const meta: Meta<Args> = {
  title: 'Pages/Audit logs',
  render: (args, { globals }) =>
    createTestConsole(args.path, {
      edition: editionOf(globals.edition),
      tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: args.planId })],
      roles: ['acme:admin'],
      api: fakeLogs(args, editionOf(globals.edition)),
    }).element,
  args: {
    path: '/acme/audit-logs',
    logs: [userUpdated(), impersonation(), ...signInTrail(), clientCredentials(), unknownKeyByDeletedUser()],
    applications: [storefront, nightly],
    planId: 'pro-2024-11',
  },
};

export default meta;
type Story = StoryObj<Args>;

const selfHosted = { edition: 'self-hosted' } as const;
/** The same story in the self-hosted edition (no plans, so no retention notice). */
const selfHostedOf = (story: Story): Story => ({ ...story, globals: selfHosted });
// Rows and headers by tag: role queries over the whole table are slow.
const rowOf = (table: HTMLElement, text: RegExp) => [...table.querySelectorAll('tr')].find((row) => text.test(row.textContent ?? ''))!;
/** A filter, found by its label whether its select has loaded or an input stands in for it. */
const filterLabel = (canvas: ReturnType<typeof within>, name: string) => canvas.queryByText(name, { selector: 'label' });
const headersOf = (table: HTMLElement) => [...table.querySelectorAll('th')].map((header) => header.textContent);

export const ListLoading: Story = {
  args: { logs: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Audit logs', busy: true })).toBeVisible();
  },
};

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
    await expect(rowOf(table, /Passkey/)).toHaveTextContent(/Interaction\.SignIn\.Verification\.Passkey\.Submit.*Deleted user/);
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

export const ListError: Story = {
  args: { logs: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** Past 10,000 logs the count is capped: the pager says 10,000+ and has no last page. */
export const ListCapped: Story = {
  args: { path: '/acme/audit-logs?page=2', logs: Array.from({ length: 20 }, (_, index) => ({ ...clientCredentials(), id: `m${index}` })), total: 10_000, capped: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('21–40 of 10,000+')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Page 500' })).toBeNull();
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
  globals: selfHosted,
  args: { path: '/acme/audit-logs' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Audit logs', busy: false })).toBeVisible();
    await expect(canvas.queryByText(/Logs are kept for/)).toBeNull();
    await expect(within(canvas.getByLabelText('Time range')).getByRole('option', { name: 'Last 30 days' })).toBeEnabled();
  },
};

/** Self-hosted with AUDIT_LOG_RETENTION_DAYS=3: the same limits as the free plan, without a plan to name. */
export const RetentionSelfHosted: Story = {
  globals: selfHosted,
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
export const ListErrorSelfHosted = selfHostedOf(ListError);
export const ListLoadingSelfHosted = selfHostedOf(ListLoading);

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

const userTab = '/acme/users/ann/logs';
export const UserLogsLoading: Story = { args: { path: userTab, logs: 'loading' }, play: async ({ canvas }) => void (await expect(await canvas.findByRole('table', { name: 'Logs', busy: true })).toBeVisible()) };
export const UserLogsEmpty: Story = { args: { path: userTab, logs: [] }, play: ListEmpty.play };
export const UserLogsError: Story = { args: { path: userTab, logs: 'error' }, play: ListError.play };
export const UserLogsSelfHosted = selfHostedOf(UserLogs);
export const UserLogsLoadingSelfHosted = selfHostedOf(UserLogsLoading);
export const UserLogsEmptySelfHosted = selfHostedOf(UserLogsEmpty);
export const UserLogsErrorSelfHosted = selfHostedOf(UserLogsError);

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

const appTab = '/acme/applications/spa1/logs';
export const ApplicationLogsLoading: Story = { args: { path: appTab, logs: 'loading' }, play: UserLogsLoading.play };
export const ApplicationLogsEmpty: Story = { args: { path: appTab, logs: [] }, play: ListEmpty.play };
export const ApplicationLogsError: Story = { args: { path: appTab, logs: 'error' }, play: ListError.play };
export const ApplicationLogsSelfHosted = selfHostedOf(ApplicationLogs);
export const ApplicationLogsLoadingSelfHosted = selfHostedOf(ApplicationLogsLoading);
export const ApplicationLogsEmptySelfHosted = selfHostedOf(ApplicationLogsEmpty);
export const ApplicationLogsErrorSelfHosted = selfHostedOf(ApplicationLogsError);

/** A failed step: the error in red, the origin with the parsed user agent, and the raw payload. */
export const Details: Story = {
  args: { path: '/acme/audit-logs/log2' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sign-in: verify password' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to audit logs' })).toHaveAttribute('href', '/console/acme/audit-logs');
    await expect(canvas.getByRole('link', { name: 'Related logs' })).toHaveAttribute('href', expect.stringContaining('/console/acme/audit-logs?sessionId=sess1'));
    await expect(canvas.getByRole('img', { name: 'Error' })).toBeVisible();
    await expect(canvas.getByText('session.invalid_credentials')).toBeVisible();
    await expect(canvas.getByText('Wrong identifier or password.')).toBeVisible();
    await expect(canvas.getByText('Interaction.SignIn.Verification.Password.Submit')).toBeVisible();
    await expect(canvas.getByText('203.0.113.7')).toBeVisible();
    await expect(canvas.getByText('Chrome 120 · macOS 14.2.1 · desktop')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy Log ID' })).toBeVisible();
    await expect(canvas.getByLabelText('Log payload (JSON)')).toHaveTextContent('"sessionId": "sess1"');
  },
};

/** An administrator's change: who made it, and each field from and to (secrets redacted). */
export const DetailsManagement: Story = {
  args: { path: '/acme/audit-logs/log7' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'User updated' })).toBeVisible();
    await expect(canvas.getByText('Actor').nextElementSibling).toHaveTextContent('Ada');
    const changes = canvas.getByRole('table', { name: 'Changes' });
    await expect(within(changes).getAllByRole('row')[1]).toHaveTextContent(/name.*Ann.*Ann Lee/);
    await expect(within(changes).getAllByRole('row')[2]).toHaveTextContent(/password.*\[redacted\].*\[redacted\]/);
  },
};

export const DetailsImpersonation: Story = {
  args: { path: '/acme/audit-logs/log8' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Token request: token exchange' })).toBeVisible();
    await expect(canvas.getByText('Impersonation')).toBeVisible();
  },
};

export const DetailsLoading: Story = {
  args: { path: '/acme/audit-logs/log2', logs: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading' })).toBeVisible();
  },
};

export const DetailsNotFound: Story = {
  args: { path: '/acme/audit-logs/nope' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  },
};

export const DetailsError: Story = {
  args: { path: '/acme/audit-logs/log2', logs: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
  },
};

export const DetailsSelfHosted = selfHostedOf(Details);
export const DetailsLoadingSelfHosted = selfHostedOf(DetailsLoading);
export const DetailsNotFoundSelfHosted = selfHostedOf(DetailsNotFound);
export const DetailsErrorSelfHosted = selfHostedOf(DetailsError);

/** A user's log: the way back names the user. */
export const UserLogDetails: Story = {
  args: { path: '/acme/users/ann/logs/log6' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Token request: authorization code' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Ann Lee' })).toHaveAttribute('href', '/console/acme/users/ann/logs');
  },
};

const userLog = '/acme/users/ann/logs/log6';
export const UserLogDetailsLoading: Story = { args: { path: userLog, logs: 'loading' }, play: DetailsLoading.play };
export const UserLogDetailsNotFound: Story = { args: { path: '/acme/users/ann/logs/nope' }, play: DetailsNotFound.play };
export const UserLogDetailsError: Story = { args: { path: userLog, logs: 'error' }, play: DetailsError.play };
export const UserLogDetailsSelfHosted = selfHostedOf(UserLogDetails);
export const UserLogDetailsLoadingSelfHosted = selfHostedOf(UserLogDetailsLoading);
export const UserLogDetailsNotFoundSelfHosted = selfHostedOf(UserLogDetailsNotFound);
export const UserLogDetailsErrorSelfHosted = selfHostedOf(UserLogDetailsError);

/** An app's log: the way back names the app. */
export const ApplicationLogDetails: Story = {
  args: { path: '/acme/applications/spa1/logs/log5' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Interaction ended' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Storefront' })).toHaveAttribute('href', '/console/acme/applications/spa1/logs');
  },
};

const appLog = '/acme/applications/spa1/logs/log5';
export const ApplicationLogDetailsLoading: Story = { args: { path: appLog, logs: 'loading' }, play: DetailsLoading.play };
export const ApplicationLogDetailsNotFound: Story = { args: { path: '/acme/applications/spa1/logs/nope' }, play: DetailsNotFound.play };
export const ApplicationLogDetailsError: Story = { args: { path: appLog, logs: 'error' }, play: DetailsError.play };
export const ApplicationLogDetailsSelfHosted = selfHostedOf(ApplicationLogDetails);
export const ApplicationLogDetailsLoadingSelfHosted = selfHostedOf(ApplicationLogDetailsLoading);
export const ApplicationLogDetailsNotFoundSelfHosted = selfHostedOf(ApplicationLogDetailsNotFound);
export const ApplicationLogDetailsErrorSelfHosted = selfHostedOf(ApplicationLogDetailsError);
