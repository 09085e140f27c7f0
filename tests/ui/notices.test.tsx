import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { AdminConsoleConfig } from '#schemas/admin-console-config.ts';
import { quotaExceededMessage } from '#schemas/quota.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { ApiError } from '#src/api/errors.ts';
import { sampleSku, sampleTenant } from '../support/samples.ts';
import { openConsole, type ConsoleSetup } from './console.tsx';

// What each notice looks like, the suspended page and the MAU title alone are the stories' (Pages/Tenant notices); here what they do.
beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  cleanup();
  notifications.clean();
});

const production = (overrides: Partial<Tenant> = {}) =>
  sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free', quota: { mauLimit: 50_000, tokenLimit: 500_000 }, ...overrides });
const sandbox = sampleTenant('sandbox', { name: 'Sandbox' });
const noConfig: AdminConsoleConfig = { signInExperienceCustomized: false, organizationCreated: false };

/** The console on Acme's settings, as its admin (Sandbox and Shared: collaborator); the notice calls are recorded. */
function setup(tenants: Tenant[], config: AdminConsoleConfig = noConfig) {
  const calls = {
    getAdminConsoleConfig: vi.fn(async () => config),
    patchAdminConsoleConfig: vi.fn(async (_tenantId: string, patch: Partial<AdminConsoleConfig>) => ({ ...config, ...patch })),
    createTenant: vi.fn(async (body: { name: string }) => sampleTenant('fresh', { name: body.name })),
    createInvitations: vi.fn(async () => []),
  };
  const setupConfig: ConsoleSetup = {
    edition: 'cloud',
    tenants,
    roles: ['acme:admin', 'sandbox:collaborator', 'shared:collaborator', 'fresh:admin'],
    api: (client) => ({
      tenants: { ...client.tenants, createTenant: calls.createTenant },
      invitations: { ...client.invitations, listMyInvitations: async () => [], createInvitations: calls.createInvitations },
      billing: { ...client.billing, listSkus: async () => [sampleSku('free', 'Free', 0), sampleSku('pro-2024-11', 'Pro', 2400)] },
      adminConsoleConfig: { get: calls.getAdminConsoleConfig, patch: calls.patchAdminConsoleConfig },
    }),
  };
  return { calls, open: (path = '/acme/tenant-settings') => openConsole(path, setupConfig) };
}

test('payment overdue: names the tenant and the amount; dismissed for the session, also after a reload', async () => {
  const { open } = setup([production({ openInvoices: [{ id: 'in_1', amountDue: 2400 }, { id: 'in_2', amountDue: 1600 }] }), sandbox]);
  open();
  const dialog = await screen.findByRole('dialog', { name: 'Payment overdue' });
  expect(within(dialog).getByText(/The payment for Acme is overdue/)).toBeTruthy();
  expect(within(dialog).getByText('Amount due: $40.00')).toBeTruthy();
  expect(within(dialog).getByRole('button', { name: 'Update payment' })).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment overdue' })).toBeNull());
  cleanup();
  open();
  await screen.findByRole('textbox', { name: 'Tenant name' });
  expect(screen.queryByRole('dialog', { name: 'Payment overdue' })).toBeNull();
});

test('usage upsell: token exceeded takes the title; Escape dismisses it for the session; Upgrade plan opens the subscription', async () => {
  const both = production({ usage: { activeUsers: 50_000, tokenUsage: 500_000 } });
  const { open } = setup([both, sandbox]);
  open();
  const dialog = await screen.findByRole('dialog', { name: 'Token limit reached' });
  expect(within(dialog).getByText('Monthly active users: 50,000 of 50,000')).toBeTruthy();
  expect(within(dialog).getByText('Tokens: 500,000 of 500,000')).toBeTruthy();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Token limit reached' })).toBeNull());
  expect(JSON.parse(window.sessionStorage.getItem('gatehouse:admin-console:dismissed-notices') ?? '[]')).toEqual(['usageExceeded:acme']);

  window.sessionStorage.clear();
  cleanup();
  const app = open();
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Token limit reached' })).getByRole('button', { name: 'Upgrade plan' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/tenant-settings/subscription'));
});

test('usage upsell: never on a development tenant; no upgrade for a collaborator', async () => {
  const devAtLimit = sampleTenant('sandbox', { name: 'Sandbox', usage: { activeUsers: 100, tokenUsage: 0 }, quota: { mauLimit: 100, tokenLimit: null } });
  const shared = sampleTenant('shared', { name: 'Shared', tag: 'production', planId: 'free', usage: { activeUsers: 60_000, tokenUsage: 0 }, quota: { mauLimit: 50_000, tokenLimit: null } });
  const { open } = setup([production(), devAtLimit, shared]);
  open('/sandbox/tenant-settings/members');
  await screen.findByText('This tenant has no members.');
  expect(screen.queryByRole('dialog')).toBeNull();
  cleanup();
  open('/shared/tenant-settings/members');
  const dialog = await screen.findByRole('dialog', { name: 'Monthly active user limit reached' });
  expect(within(dialog).queryByRole('button', { name: 'Upgrade plan' })).toBeNull();
});

test('migration notice: shown while unread; Got it writes readAt (now, in ms) and closes it', async () => {
  const notice = { isPaidTenant: false, tag: 'development' as const };
  const { calls, open } = setup([production(), sandbox], { ...noConfig, developmentTenantMigrationNotification: notice });
  open();
  const dialog = await screen.findByRole('dialog', { name: 'Development tenants are here' });
  const before = Date.now();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Development tenants are here' })).toBeNull());
  expect(calls.getAdminConsoleConfig).toHaveBeenCalledWith('acme');
  const [tenantId, patch] = calls.patchAdminConsoleConfig.mock.calls[0]!;
  expect(tenantId).toBe('acme');
  expect(patch.developmentTenantMigrationNotification).toMatchObject(notice);
  expect(patch.developmentTenantMigrationNotification?.readAt).toBeGreaterThanOrEqual(before);
  expect(patch.developmentTenantMigrationNotification?.readAt).toBeLessThanOrEqual(Date.now());
});

test('production-tenant banner: only without a production tenant; it opens the modal with Production selected; a tenant created through it comes first and opens', async () => {
  setup([production(), sandbox]).open('/sandbox/tenant-settings/members');
  await screen.findByText('This tenant has no members.');
  expect(screen.queryByRole('region', { name: 'Ready for live users?' })).toBeNull();
  cleanup();

  const { calls, open } = setup([sandbox]);
  const app = open('/sandbox/tenant-settings/members');
  const banner = await screen.findByRole('region', { name: 'Ready for live users?' });
  await userEvent.click(within(banner).getByRole('button', { name: 'Create production tenant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create tenant' });
  expect(within(dialog).getByRole('radio', { name: 'Production' }).getAttribute('aria-checked')).toBe('true');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tenant name' }), 'Fresh');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create tenant' }));
  const plans = await screen.findByRole('dialog', { name: 'Choose a plan' });
  await userEvent.click(within(plans).getByRole('button', { name: 'Create with Free' }));
  await waitFor(() => expect(calls.createTenant).toHaveBeenCalledWith({ name: 'Fresh', tag: 'production', regionName: 'EU' }));
  await waitFor(() => expect(app.router.options.context.tenants.map(({ id }) => id)).toEqual(['fresh', 'sandbox']));
  await waitFor(() => expect(app.location()).toMatch(/^\/console\/fresh/));
});

test('invite: a reached member quota is named inline with the plan, without the failure toast', async () => {
  const { calls, open } = setup([production(), sandbox]);
  const message = quotaExceededMessage({ tenantMembersLimit: 1 });
  calls.createInvitations.mockRejectedValueOnce(new ApiError(message, 403, { code: 'subscription.quota_exceeded', message }));
  open('/acme/tenant-settings/members');
  await userEvent.click(await screen.findByRole('button', { name: 'Invite members' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite members' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail addresses' }), 'carol@example.com{Enter}');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
  const alert = await within(dialog).findByRole('alert');
  expect(alert.textContent).toContain("The Free plan's limit is reached for: Tenant members.");
  expect(alert.textContent).toContain('Upgrade the plan to invite more members.');
  expect(screen.queryByText('Invitation failed')).toBeNull();
});
