import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LogItem } from '#schemas/log.ts';
import { quotaOf } from '#schemas/quota.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createLogsApi, type LogListQuery } from '#src/api/management/logs.ts';
import { createUsersApi } from '#src/api/management/users.ts';
import { sampleApplication } from '../support/application-samples.ts';
import { ann, clientCredentials, searchSampleUsers, signInTrail } from '../support/log-samples.ts';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';
import { menuUser } from './render.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const storefront = sampleApplication('spa1', { name: 'Storefront', type: 'SPA' });
const day = 24 * 60 * 60 * 1000;

/** Acme on `planId`, with a fake log API that records what the list is asked for. */
function setup(path: string, { planId = 'pro-2024-11', logs = signInTrail(), total, capped = false }: { planId?: string; logs?: LogItem[]; total?: number; capped?: boolean } = {}) {
  const listLogs = vi.fn(async (_tenantId: string, _query: LogListQuery) => ({ items: logs, total: total ?? logs.length, ...(capped ? { capped } : {}) }));
  const app = openConsole(path, {
    edition: 'cloud',
    tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId })],
    roles: ['acme:admin'],
    api: (client) => ({
      logs: {
        ...createLogsApi(client.tenant),
        listLogs,
        getLog: async (_tenantId: string, id: string) => logs.find((log) => log.id === id)!,
        getRetention: async () => {
          const days = quotaOf(planId, 'auditLogsRetentionDays');
          return typeof days === 'number' ? days : null;
        },
      },
      users: { ...createUsersApi(client.tenant), listUsers: searchSampleUsers, getUser: async () => ann },
      applications: { ...createApplicationsApi(client.tenant), listApplications: async () => ({ items: [storefront], total: 1 }) },
      
    }),
  });
  const lastQuery = () => listLogs.mock.lastCall?.[1];
  return { app, listLogs, lastQuery };
}

const table = () => screen.findByRole('table', { name: 'Audit logs', busy: false });
const searchOf = (location: string) => Object.fromEntries(new URL(location, 'http://console.test').searchParams);

/**
 * Picks an option of a Select: what is typed is pasted (a key press renders every option again), and the dropdown
 * opens with a transition that fake timers drive (see menuUser).
 */
async function pick(name: string, option: string, typed?: string) {
  const { user, settle } = menuUser();
  // Until the selects' code has loaded, an input that looks the same stands in; reaching for it loads the select.
  await user.click(screen.queryByRole('textbox', { name }) ?? screen.getByRole('combobox', { name }));
  const input = await screen.findByRole('combobox', { name });
  await user.click(input);
  if (typed) await user.paste(typed);
  const found = await screen.findByRole('option', { name: option, hidden: true });
  settle();
  await user.click(found);
  vi.useRealTimers();
}

test('a filter goes to the URL, asks the server for it and goes back to page 1', async () => {
  const { app, lastQuery } = setup('/acme/audit-logs?page=3');
  await table();
  await waitFor(() => expect(lastQuery()).toMatchObject({ page: 3, pageSize: 20 }));
  await pick('Application', 'Storefront');
  await waitFor(() => expect(searchOf(app.location())).toEqual({ applicationId: 'spa1' }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ page: 1, applicationId: 'spa1' }));

  await pick('Event', 'Token request: authorization code', 'authorization');
  await waitFor(() => expect(searchOf(app.location())).toEqual({ applicationId: 'spa1', event: 'ExchangeTokenBy.AuthorizationCode' }));
  expect(lastQuery()).toMatchObject({ applicationId: 'spa1', logKey: 'ExchangeTokenBy.AuthorizationCode' });
}, 20_000);

test('the user filter searches the users and puts the chosen one in the URL', async () => {
  const { app, lastQuery } = setup('/acme/audit-logs?page=2');
  await table();
  await pick('User', 'Ann Lee (ann)', 'ann');
  await waitFor(() => expect(searchOf(app.location())).toEqual({ userId: 'ann' }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ page: 1, userId: 'ann' }));
}, 20_000);

test('the range is a window back from now; 7 days unless the URL says otherwise', async () => {
  const { app, lastQuery } = setup('/acme/audit-logs');
  await table();
  const before = Date.now();
  await waitFor(() => expect(lastQuery()?.startTime).toBeDefined());
  expect(before - lastQuery()!.startTime!).toBeGreaterThanOrEqual(7 * day);
  expect(before - lastQuery()!.startTime!).toBeLessThan(7 * day + 60_000 + 5_000);
  expect(lastQuery()?.endTime).toBeUndefined();
  fireEvent.change(screen.getByRole('combobox', { name: 'Time range' }), { target: { value: '1h' } });
  await waitFor(() => expect(searchOf(app.location())).toEqual({ range: '1h' }));
  await waitFor(() => expect(Date.now() - lastQuery()!.startTime!).toBeLessThan(60 * 60 * 1000 + 65_000));
}, 20_000);

test('switching to custom seeds the dates with the window shown, from the local start of its first day to the end of its last', async () => {
  vi.useFakeTimers({ now: new Date(2026, 10, 20, 15, 0), shouldAdvanceTime: true });
  const { app, lastQuery } = setup('/acme/audit-logs?range=1d&page=2');
  await table();
  fireEvent.change(screen.getByRole('combobox', { name: 'Time range' }), { target: { value: 'custom' } });
  await waitFor(() => expect(searchOf(app.location())).toEqual({ range: 'custom', start_time: '2026-11-19', end_time: '2026-11-20' }));
  expect(screen.getByLabelText('Start date')).toHaveProperty('value', '2026-11-19');
  expect(screen.getByLabelText('End date')).toHaveProperty('value', '2026-11-20');
  await waitFor(() =>
    expect(lastQuery()).toMatchObject({
      page: 1,
      startTime: new Date(2026, 10, 19, 0, 0, 0, 0).getTime(),
      endTime: new Date(2026, 10, 20, 23, 59, 59, 999).getTime(),
    }),
  );
  fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-17' } });
  await waitFor(() => expect(searchOf(app.location())).toMatchObject({ start_time: '2026-11-17' }));
  await waitFor(() => expect(lastQuery()?.startTime).toBe(new Date(2026, 10, 17).getTime()));
});

test('on the free plan custom dates start at its first day, and a longer range from the URL falls back to what it keeps', async () => {
  vi.useFakeTimers({ now: new Date(2026, 10, 20, 15, 0), shouldAdvanceTime: true });
  const { lastQuery } = setup('/acme/audit-logs?range=custom&start_time=2026-11-01&end_time=2026-11-20', { planId: 'free' });
  await table();
  // The presets the plan does not keep, and its notice, are the story's (stories/pages/AuditLogs.stories.tsx, FreePlanRetention).
  expect(screen.getByLabelText('Start date').getAttribute('min')).toBe('2026-11-17');
  // A start before what the plan keeps is read from its first day.
  await waitFor(() => expect(lastQuery()?.startTime).toBe(new Date(2026, 10, 17).getTime()));
  cleanup();
  setup('/acme/audit-logs?range=30d', { planId: 'free' });
  await table();
  // The URL's range is longer than the plan keeps: the longest preset it keeps.
  expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveProperty('value', '1d');
});

test('a capped count shows 10,000+ and pages on without a last page', async () => {
  const logs = Array.from({ length: 20 }, (_, index) => ({ ...clientCredentials(), id: `m${index}` }));
  const { app, lastQuery } = setup('/acme/audit-logs?page=499', { logs, total: 10_000, capped: true });
  expect(await screen.findByText('9,961–9,980 of 10,000+')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Page 500' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(searchOf(app.location())).toEqual({ page: '500' }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ page: 500 }));
  await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ page: 501 }));
}, 20_000);

test("a user's logs ask for that user only and open the log under the user", async () => {
  const { app, lastQuery } = setup('/acme/users/ann/logs');
  const logs = await screen.findByRole('table', { name: 'Logs', busy: false });
  await waitFor(() => expect(lastQuery()).toMatchObject({ userId: 'ann' }));
  expect(screen.queryByText('User', { selector: 'label' })).toBeNull();
  expect(screen.getByText('Application', { selector: 'label' })).toBeTruthy();
  await userEvent.click(within(logs).getByRole('link', { name: /Token request: authorization code/ }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/users/ann/logs/log6'));
});

/** The local calendar date (yyyy-MM-dd) of a moment. */
const localDate = (time: number) => {
  const date = new Date(time);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

test("a log's related logs are its sign-in attempt's, over the days around it; the attempt's filter clears", async () => {
  const { app, lastQuery } = setup('/acme/audit-logs/log4');
  await userEvent.click(await screen.findByRole('link', { name: 'Related logs' }));
  const created = new Date('2026-11-20T09:31:03.000Z').getTime();
  const days = { range: 'custom', start_time: localDate(created - day), end_time: localDate(created + day) };
  await waitFor(() => expect(searchOf(app.location())).toEqual({ sessionId: 'sess1', ...days }));
  await table();
  await waitFor(() => expect(lastQuery()).toMatchObject({ page: 1, sessionId: 'sess1' }));
  expect(screen.getByText('Sign-in attempt')).toBeTruthy();
  expect(screen.getByText('sess1')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Show all sign-in attempts' }));
  await waitFor(() => expect(searchOf(app.location())).toEqual(days));
  await waitFor(() => expect(lastQuery()?.sessionId).toBeUndefined());
  expect(screen.queryByText('Sign-in attempt')).toBeNull();
}, 20_000);

