import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { SubscriptionResponse } from '#schemas/billing.ts';
import { quotaExceededMessage } from '#schemas/quota.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { ApiError } from '#src/api/errors.ts';
import { runMutation } from '#src/data/run-mutation.ts';
import { sampleInvoice, sampleSubscription, sampleUsage } from '../support/billing-samples.ts';
import { sampleSku, sampleTenant } from '../support/samples.ts';
import { openConsole, type ConsoleSetup } from './console.tsx';

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.restoreAllMocks();
});

const production = (id: string, name: string, planId: string, overrides: Partial<Tenant> = {}) => {
  const tenant = sampleTenant(id, { name, tag: 'production', planId, ...overrides });
  return { ...tenant, subscription: { ...tenant.subscription, planId } };
};

/** Acme (admin) on `planId`, Sandbox (collaborator, development); the billing API calls are recorded. */
function setup(planId: string, { tenants, usage = {} }: { tenants?: Tenant[]; usage?: Parameters<typeof sampleUsage>[1] } = {}) {
  let subscription: SubscriptionResponse = sampleSubscription(planId, planId === 'free' ? 0 : 2400);
  const acme = production('acme', 'Acme', planId);
  const all = tenants ?? [acme, sampleTenant('sandbox', { name: 'Sandbox' })];
  const calls = {
    getSubscription: vi.fn(async () => subscription),
    getSubscriptionUsage: vi.fn(async () => sampleUsage(subscription.planId, usage)),
    downgradeToFree: vi.fn(async (): Promise<SubscriptionResponse> => {
      subscription = sampleSubscription('free');
      return subscription;
    }),
    createCustomerPortal: vi.fn(async () => 'https://payments.example.com/portal/p1'),
    listInvoices: vi.fn(async () => [sampleInvoice('in_2', { status: 'open', amountPaid: 0, paidAt: null, createdAt: '2026-12-01T12:00:00.000Z' }), sampleInvoice('in_1')]),
    listTenants: vi.fn(async () => all),
    getAdminConsoleConfig: vi.fn(async () => ({ signInExperienceCustomized: false, organizationCreated: false })),
    listAvailableSkus: vi.fn(async () => [sampleSku('free', 'Free', 0), sampleSku('pro-2024-11', 'Pro', 2400)]),
  };
  const config: ConsoleSetup = {
    edition: 'cloud',
    tenants: all,
    roles: ['acme:admin', 'sandbox:collaborator'],
    api: (client) => ({
      tenants: { ...client.tenants, listTenants: calls.listTenants },
      invitations: { ...client.invitations, listMyInvitations: async () => [] },
      billing: {
        ...client.billing,
        getSubscription: calls.getSubscription,
        getSubscriptionUsage: calls.getSubscriptionUsage,
        downgradeToFree: calls.downgradeToFree,
        createCustomerPortal: calls.createCustomerPortal,
        listInvoices: calls.listInvoices,
        getAdminConsoleConfig: calls.getAdminConsoleConfig,
        listAvailableSkus: calls.listAvailableSkus,
      },
    }),
  };
  return { calls, open: (path: string) => openConsole(path, config) };
}

const card = (name: string) => screen.getByRole('group', { name });

test('subscription on free: plan and tag, cycle dates, next bill, only the MAU and token cards, upgrade', async () => {
  const { calls, open } = setup('free', { usage: { mauLimit: 1_200, tokenLimit: 500_000 } });
  open('/acme/tenant-settings/subscription');
  expect(await screen.findByText('Free plan')).toBeTruthy();
  expect(screen.getByText('Billing period: Nov 1, 2026 – Dec 1, 2026')).toBeTruthy();
  expect(screen.getByText('Renews on Dec 1, 2026')).toBeTruthy();
  expect(screen.getByText('Next bill: $0.00')).toBeTruthy();
  expect(within(card('Monthly active users')).getByText('1.2K of 50.0K')).toBeTruthy();
  expect(within(card('Monthly active users')).getByText('(2%)')).toBeTruthy();
  // 100 % of the token quota on a plan that is not enterprise is exceeded.
  expect(within(card('Tokens')).getByText('500.0K of 500.0K')).toBeTruthy();
  expect(within(card('Tokens')).getByText('Limit reached')).toBeTruthy();
  expect(screen.queryByRole('group', { name: 'Applications' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Downgrade to Free' })).toBeNull();
  // Upgrading goes through plan selection for this tenant.
  await userEvent.click(screen.getByRole('button', { name: 'Upgrade plan' }));
  expect(await screen.findByRole('dialog', { name: 'Choose a plan' })).toBeTruthy();
  await waitFor(() => expect(calls.listAvailableSkus).toHaveBeenCalledWith('acme'));
});

test('subscription on pro: every card; downgrade confirms, deletes the subscription, toasts with the plan, refetches', async () => {
  const { calls, open } = setup('pro-2024-11', { usage: { applicationsLimit: 4, mauLimit: 0 } });
  open('/acme/tenant-settings/subscription');
  expect(await screen.findByText('Pro plan')).toBeTruthy();
  expect(screen.getByText('Next bill: $24.00')).toBeTruthy();
  expect(within(card('Applications')).getByText('4 of Unlimited')).toBeTruthy();
  expect(within(card('Audit log retention')).getByText('14 days')).toBeTruthy();
  expect(within(card('Ticket support response time')).getByText('48 hours')).toBeTruthy();
  // The add-on keys of Pro are billed per unit beyond what it includes, as its plan card says: no cap, no "Not included".
  expect(within(card('Multi-factor authentication')).getByText('Paid add-on')).toBeTruthy();
  expect(within(card('Machine-to-machine apps')).getByText('0 of 1 included')).toBeTruthy();
  expect(within(card('Machine-to-machine apps')).getByText('Usage beyond what is included is billed per unit.')).toBeTruthy();
  // No percentage while nothing is used.
  expect(within(card('Monthly active users')).queryByText(/%/)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Upgrade plan' })).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Downgrade to Free' }));
  const dialog = await screen.findByRole('dialog', { name: 'Downgrade to the Free plan?' });
  expect(calls.downgradeToFree).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Downgrade' }));
  await waitFor(() => expect(calls.downgradeToFree).toHaveBeenCalledWith('acme', { suppressErrorCodes: ['subscription.quota_exceeded'] }));
  expect(await screen.findByText('Downgraded to the Free plan')).toBeTruthy();
  expect(await screen.findByText('Free plan')).toBeTruthy();
  // One refetch of the tab's figures, and the tenant list for the session's tenant.
  expect(calls.getSubscription).toHaveBeenCalledTimes(2);
  await waitFor(() => expect(calls.listTenants).toHaveBeenCalledTimes(1));
});

test('a downgrade the free quota refuses names the quotas inline, without a toast', async () => {
  const { calls, open } = setup('pro-2024-11');
  const message = quotaExceededMessage({ tenantMembersLimit: 1 });
  calls.downgradeToFree.mockRejectedValueOnce(new ApiError(message, 403, { code: 'subscription.quota_exceeded', message }));
  open('/acme/tenant-settings/subscription');
  await userEvent.click(await screen.findByRole('button', { name: 'Downgrade to Free' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Downgrade to the Free plan?' })).getByRole('button', { name: 'Downgrade' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain("The Free plan's limit is reached for: Tenant members.");
  expect(screen.queryByText('Downgraded to the Free plan')).toBeNull();
  expect(screen.getByText('Pro plan')).toBeTruthy();
});

test('manage payment opens the customer portal in a new tab, coming back to the tab', async () => {
  const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  const { calls, open: openApp } = setup('pro-2024-11');
  openApp('/acme/tenant-settings/subscription');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage payment' }));
  await waitFor(() => expect(tab.location.href).toBe('https://payments.example.com/portal/p1'));
  expect(open).toHaveBeenCalledWith('', '_blank');
  expect(tab.opener).toBeNull();
  expect(calls.createCustomerPortal).toHaveBeenCalledWith('acme', window.location.href);
});

test('after a write elsewhere, the usage and the tenant are refetched: the MAU upsell follows the new figures', async () => {
  const exceeded = production('acme', 'Acme', 'free', { usage: { activeUsers: 50_000, tokenUsage: 0 }, quota: { mauLimit: 50_000, tokenLimit: 500_000 } });
  const { calls, open } = setup('free');
  calls.listTenants.mockResolvedValue([exceeded, sampleTenant('sandbox', { name: 'Sandbox' })]);
  const app = open('/acme/tenant-settings/subscription');
  await screen.findByText('Free plan');
  await runMutation(app.queryClient, async () => {});
  await waitFor(() => expect(calls.getSubscriptionUsage).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(app.router.options.context.tenants[0]).toEqual(exceeded));
  expect(await screen.findByRole('dialog', { name: 'Monthly active user limit reached' })).toBeTruthy();
});

test('a collaborator, and a development tenant, have no subscription or billing history', async () => {
  const { open } = setup('free');
  open('/sandbox/tenant-settings/subscription');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  cleanup();
  open('/sandbox/tenant-settings/billing-history');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
});

test('billing history: date, plan, amount in dollars, status and the invoice link; empty; error with retry', async () => {
  const { calls, open } = setup('pro-2024-11');
  open('/acme/tenant-settings/billing-history');
  const table = await screen.findByRole('table', { name: 'Invoices' });
  expect(screen.getByRole('heading', { level: 2, name: 'Billing history' })).toBeTruthy();
  const [, open2, paid] = within(table).getAllByRole('row');
  expect(within(open2).getByText('Dec 1, 2026')).toBeTruthy();
  expect(within(open2).getByText('Open')).toBeTruthy();
  expect(within(paid).getByText('$24.00')).toBeTruthy();
  expect(within(paid).getByText('Paid')).toBeTruthy();
  expect(within(paid).getByText('Pro')).toBeTruthy();
  const invoice = within(paid).getByRole('link', { name: 'View invoice of Nov 1, 2026' });
  expect(invoice.getAttribute('href')).toBe('https://payments.example.com/invoices/in_1');
  // A new tab, as Manage payment's portal: the console stays.
  expect(invoice.getAttribute('target')).toBe('_blank');
  expect(invoice.getAttribute('rel')).toMatch(/\bnoopener\b/);

  cleanup();
  calls.listInvoices.mockResolvedValueOnce([]);
  open('/acme/tenant-settings/billing-history');
  expect(await screen.findByText('No invoices yet.')).toBeTruthy();

  cleanup();
  calls.listInvoices.mockRejectedValueOnce(new Error('Gateway timeout'));
  open('/acme/tenant-settings/billing-history');
  expect(await screen.findByRole('heading', { name: 'The billing history did not load' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('table', { name: 'Invoices' })).toBeTruthy();
});
