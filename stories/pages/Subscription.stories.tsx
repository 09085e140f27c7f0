import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { ApiClient } from '#src/api/client.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { createTestConsole, type ConsoleSetup } from '#tests/support/console.tsx';
import { sampleInvoice, sampleSubscription, sampleUsage } from '#tests/support/billing-samples.ts';
import { sampleTenant } from '#tests/support/samples.ts';
import { never } from '../support/fake-api.ts';

/** The subscription and billing-history tabs of Acme, a production tenant whose admin is signed in. */
type Args = { path: string; planId: string; billing: (billing: ApiClient['billing']) => Partial<ApiClient['billing']> };

const acme = (planId: string): Tenant => {
  const tenant = sampleTenant('acme', { name: 'Acme', tag: 'production', planId });
  return { ...tenant, subscription: { ...tenant.subscription, planId } };
};
const broken = async (): Promise<never> => {
  throw new Error('Gateway timeout');
};

const setupOf = ({ planId, billing }: Args): ConsoleSetup => ({
  edition: 'cloud',
  tenants: [acme(planId)],
  roles: ['acme:admin'],
  api: (client) => ({
    invitations: { ...client.invitations, listMyInvitations: async () => [] },
    billing: {
      ...client.billing,
      getAdminConsoleConfig: async () => ({ signInExperienceCustomized: false, organizationCreated: false }),
      ...billing(client.billing),
    },
  }),
});

const meta: Meta<Args> = {
  title: 'Pages/Subscription and billing',
  render: (args) => createTestConsole(args.path, setupOf(args)).element,
  args: { path: '/acme/tenant-settings/subscription', planId: 'free', billing: () => ({}) },
};

export default meta;
type Story = StoryObj<Args>;

export const FreePlan: Story = {
  args: {
    billing: () => ({
      getSubscription: async () => sampleSubscription('free'),
      getSubscriptionUsage: async () => sampleUsage('free', { mauLimit: 12_345, tokenLimit: 500_000 }),
    }),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Free plan')).toBeVisible();
    await expect(canvas.getByText('Billing period: Nov 1, 2026 – Dec 1, 2026')).toBeVisible();
    await expect(canvas.getByText('Renews on Dec 1, 2026')).toBeVisible();
    await expect(canvas.getByText('Next bill: $0.00')).toBeVisible();
    const mau = canvas.getByRole('group', { name: 'Monthly active users' });
    await expect(within(mau).getByText('12.3K of 50.0K')).toBeVisible();
    await expect(within(mau).getByText('(25%)')).toBeVisible();
    // 100 % of the token quota on a plan that is not enterprise is exceeded.
    const tokens = canvas.getByRole('group', { name: 'Tokens' });
    await expect(within(tokens).getByText('500.0K of 500.0K')).toBeVisible();
    await expect(within(tokens).getByText('Limit reached')).toBeVisible();
    // Only the MAU and token cards on the free plan, and no downgrade.
    await expect(canvas.queryByRole('group', { name: 'Applications' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Downgrade to Free' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Upgrade plan' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Manage payment' })).toBeVisible();
  },
};

export const ProPlan: Story = {
  args: {
    planId: 'pro-2024-11',
    billing: () => ({
      getSubscription: async () => sampleSubscription('pro-2024-11', 2400),
      getSubscriptionUsage: async () =>
        sampleUsage('pro-2024-11', { mauLimit: 1_250_000, applicationsLimit: 7, hooksLimit: 1, machineToMachineLimit: 2, tenantMembersLimit: 3 }),
    }),
  },
  /** The Pro plan's figures: its add-on keys are included up to its quota and billed per unit beyond, as its plan card says. */
  play: async ({ canvas }) => {
    const card = (name: string) => canvas.getByRole('group', { name });
    await expect(await canvas.findByText('Pro plan')).toBeVisible();
    await expect(canvas.getByText('Next bill: $24.00')).toBeVisible();
    await expect(within(card('Monthly active users')).getByText('1.3M of 50.0K included')).toBeVisible();
    await expect(within(card('Machine-to-machine apps')).getByText('2 of 1 included')).toBeVisible();
    await expect(within(card('API resources')).getByText('0 of 1 included')).toBeVisible();
    await expect(within(card('Webhooks')).getByText('1 of 1 included')).toBeVisible();
    await expect(within(card('Tenant members')).getByText('3 of 3 included')).toBeVisible();
    for (const name of ['Multi-factor authentication', 'Enterprise SSO', 'Organizations']) {
      await expect(within(card(name)).getByText('Paid add-on')).toBeVisible();
    }
    for (const name of ['Monthly active users', 'Machine-to-machine apps', 'Webhooks', 'Organizations']) {
      await expect(within(card(name)).getByText('Usage beyond what is included is billed per unit.')).toBeVisible();
    }
    await expect(canvas.queryByText('Limit reached')).toBeNull();
    // A key without an add-on stays out of the plan.
    await expect(within(card('SAML apps')).getByText('Not included')).toBeVisible();
    await expect(within(card('Applications')).getByText('7 of Unlimited')).toBeVisible();
    await expect(within(canvas.getByRole('group', { name: 'Ticket support response time' })).getByText('48 hours')).toBeVisible();
    await expect(within(card('Audit log retention')).getByText('14 days')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Downgrade to Free' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Upgrade plan' })).toBeNull();
  },
};

export const SubscriptionLoading: Story = {
  args: { billing: () => ({ getSubscription: never, getSubscriptionUsage: never }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading the subscription' })).toBeVisible();
  },
};

export const SubscriptionError: Story = {
  args: { billing: () => ({ getSubscription: broken, getSubscriptionUsage: broken }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'The subscription did not load' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const BillingHistory: Story = {
  args: {
    path: '/acme/tenant-settings/billing-history',
    planId: 'pro-2024-11',
    billing: () => ({
      listInvoices: async () => [
        sampleInvoice('in_2', { status: 'open', amountPaid: 0, paidAt: null, createdAt: '2026-12-01T12:00:00.000Z', billingReason: 'subscription_cycle' }),
        sampleInvoice('in_1'),
        sampleInvoice('in_0', { status: 'void', amountDue: 1600, planId: 'pro', createdAt: '2026-10-01T12:00:00.000Z' }),
      ],
    }),
  },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Invoices' });
    await expect(canvas.getByRole('heading', { level: 2, name: 'Billing history' })).toBeVisible();
    const [, open, paid] = within(table).getAllByRole('row');
    await expect(within(open!).getByText('Dec 1, 2026')).toBeVisible();
    await expect(within(open!).getByText('Open')).toBeVisible();
    await expect(within(paid!).getByText('$24.00')).toBeVisible();
    await expect(within(paid!).getByText('Paid')).toBeVisible();
    await expect(within(paid!).getByText('Pro')).toBeVisible();
    const invoice = within(paid!).getByRole('link', { name: 'View invoice of Nov 1, 2026' });
    await expect(invoice).toHaveAttribute('href', 'https://payments.example.com/invoices/in_1');
    // A new tab, as Manage payment's portal: the console stays.
    await expect(invoice).toHaveAttribute('target', '_blank');
    await expect(invoice).toHaveAttribute('rel', expect.stringMatching(/\bnoopener\b/));
  },
};

export const BillingHistoryEmpty: Story = {
  args: { path: '/acme/tenant-settings/billing-history', billing: () => ({ listInvoices: async () => [] }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No invoices yet.')).toBeVisible();
  },
};

export const BillingHistoryError: Story = {
  args: { path: '/acme/tenant-settings/billing-history', billing: () => ({ listInvoices: broken }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'The billing history did not load' })).toBeVisible();
  },
};

/** Retry asks again: the second answer comes. */
export const BillingHistoryRetried: Story = {
  args: {
    path: '/acme/tenant-settings/billing-history',
    billing: () => {
      let tries = 0;
      return { listInvoices: async () => (tries++ === 0 ? broken() : [sampleInvoice('in_1')]) };
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('table', { name: 'Invoices' })).toBeVisible();
  },
};
