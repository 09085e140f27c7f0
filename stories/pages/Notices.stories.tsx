import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import type { AdminConsoleConfig } from '#schemas/admin-console-config.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { createTestConsole } from '#tests/support/console.tsx';
import { sampleTenant } from '#tests/support/samples.ts';
import { isFullyShown } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';

/** The cloud notices around a tenant's pages, in the real console routes, for Acme's admin. */
type Args = { tenants: Tenant[]; config?: AdminConsoleConfig };

const acme = (overrides: Partial<Tenant> = {}) =>
  sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free', quota: { mauLimit: 50_000, tokenLimit: 500_000 }, ...overrides });
const noConfig: AdminConsoleConfig = { signInExperienceCustomized: false, organizationCreated: false };

const meta: Meta<Args> = {
  title: 'Pages/Tenant notices',
  render: ({ tenants, config = noConfig }) => {
    // Each story starts with nothing dismissed.
    window.sessionStorage.clear();
    return createTestConsole('/acme/tenant-settings/members', {
      edition: 'cloud',
      tenants,
      roles: ['acme:admin'],
      api: (client) => ({
        invitations: { ...client.invitations, listMyInvitations: async () => [] },
        adminConsoleConfig: { get: async () => config, patch: async () => config },
      }),
    }).element;
  },
};

export default meta;
type Story = StoryObj<Args>;

export const Suspended: Story = {
  args: { tenants: [acme({ isSuspended: true, openInvoices: [{ id: 'in_1', amountDue: 2400 }] })] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Acme is suspended' })).toBeVisible();
    // Only the suspended page: not the tenant's page, nor the overdue notice its open invoice would give.
    await expect(canvas.queryByRole('button', { name: 'Invite members' })).toBeNull();
    await expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Contact us' }));
    await expect(await screen.findByRole('dialog', { name: 'Help and contact' })).toBeVisible();
  },
};

export const PaymentOverdue: Story = {
  args: { tenants: [acme({ openInvoices: [{ id: 'in_1', amountDue: 2400 }] })] },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Payment overdue' });
    await expect(within(dialog).getByText(/The payment for Acme is overdue/)).toBeVisible();
    await expect(within(dialog).getByText('Amount due: $24.00')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Update payment' })).toBeVisible();
  },
};

export const TokenLimitReached: Story = {
  args: { tenants: [acme({ usage: { activeUsers: 50_000, tokenUsage: 512_000 } })] },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Token limit reached' });
    await expect(within(dialog).getByText('Tokens: 512,000 of 500,000')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Upgrade plan' })).toBeVisible();
  },
};

export const MauLimitReached: Story = {
  args: { tenants: [acme({ usage: { activeUsers: 50_000, tokenUsage: 0 } })] },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Monthly active user limit reached' });
    await expect(within(dialog).getByText('Monthly active users: 50,000 of 50,000')).toBeVisible();
  },
};

export const MigrationNotice: Story = {
  args: { tenants: [acme()], config: { ...noConfig, developmentTenantMigrationNotification: { isPaidTenant: false, tag: 'development' } } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Development tenants are here' });
    await expect(within(dialog).getByRole('button', { name: 'Got it' })).toBeVisible();
  },
};

export const ProductionTenantBanner: Story = {
  args: { tenants: [sampleTenant('acme', { name: 'Acme' })] },
  play: async ({ canvas }) => {
    const banner = await canvas.findByRole('region', { name: 'Ready for live users?' });
    await expect(within(banner).getByRole('button', { name: 'Create production tenant' })).toBeVisible();
  },
};

/** On a phone the banner, shown on every page, is one compact line with its action. */
export const ProductionTenantBannerOnAPhone: Story = {
  ...ProductionTenantBanner,
  globals: atPhoneWidth,
  play: async (context) => {
    await ProductionTenantBanner.play?.(context);
    const banner = context.canvas.getByRole('region', { name: 'Ready for live users?' });
    await expect(banner.getBoundingClientRect().height).toBeLessThanOrEqual(48);
    await expect(isFullyShown(within(banner).getByRole('button', { name: 'Create production tenant' }))).toBe(true);
  },
};
