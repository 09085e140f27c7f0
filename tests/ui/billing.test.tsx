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

// What the subscription and billing-history tabs show is their stories' (Pages/Subscription and billing); here what they do.
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
function setup(planId: string, { usage = {} }: { usage?: Parameters<typeof sampleUsage>[1] } = {}) {
  let subscription: SubscriptionResponse = sampleSubscription(planId, planId === 'free' ? 0 : 2400);
  const acme = production('acme', 'Acme', planId);
  const all = [acme, sampleTenant('sandbox', { name: 'Sandbox' })];
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

test('subscription on free: upgrading goes through plan selection for this tenant', async () => {
  const { calls, open } = setup('free');
  open('/acme/tenant-settings/subscription');
  await userEvent.click(await screen.findByRole('button', { name: 'Upgrade plan' }));
  expect(await screen.findByRole('dialog', { name: 'Choose a plan' })).toBeTruthy();
  await waitFor(() => expect(calls.listAvailableSkus).toHaveBeenCalledWith('acme'));
});

test('subscription on pro: no percentage while nothing is used; downgrade confirms, deletes the subscription, toasts with the plan, refetches', async () => {
  const { calls, open } = setup('pro-2024-11', { usage: { mauLimit: 0 } });
  open('/acme/tenant-settings/subscription');
  expect(await screen.findByText('Pro plan')).toBeTruthy();
  // No percentage while nothing is used.
  expect(within(card('Monthly active users')).queryByText(/%/)).toBeNull();

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
