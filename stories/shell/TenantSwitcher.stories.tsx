import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { TenantSwitcher } from '#src/ui/tenant-switcher/TenantSwitcher.tsx';
import { sampleInvitation, sampleTenant } from '#tests/support/samples.ts';
import { isWithinWindow } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';

const tenants = [
  sampleTenant('acme', { name: 'Acme' }),
  sampleTenant('globex', { name: 'Globex', tag: 'production', planId: 'pro', isSuspended: true }),
  sampleTenant('initech', { name: 'Initech', tag: 'production', planId: 'pro', openInvoices: [{ id: 'in_1', amountDue: 1600 }] }),
  sampleTenant('umbrella', { name: 'Umbrella', tag: 'production', usage: { activeUsers: 50_000, tokenUsage: 0 }, quota: { mauLimit: 50_000, tokenLimit: 500_000 } }),
];

const meta = {
  title: 'Shell/Tenant switcher',
  component: TenantSwitcher,
  args: { tenants, currentTenantId: 'acme', invitations: [], onSelect: fn(), onJoin: fn(), onCreate: fn() },
  decorators: [(Story) => <div style={{ padding: 16, minHeight: 420 }}>{Story()}</div>],
} satisfies Meta<typeof TenantSwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tenants: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Current tenant:\s*Acme\s*Development$/ }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByText('Suspended')).toBeVisible());
    await expect(within(menu).getByRole('menuitem', { current: true })).toHaveTextContent('Acme');
    await expect(within(menu).getByText('Overdue')).toBeVisible();
    await expect(within(menu).getByText('MAU exceeded')).toBeVisible();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Initech/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('initech');
  },
};

export const PendingInvitations: Story = {
  args: { invitations: [sampleInvitation('inv-1', { tenantName: 'Hooli', tenantTag: 'production' })] },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Current tenant:\s*Acme\s*Development$/, description: 'Pending invitations' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^Join Hooli/ }));
    await expect(args.onJoin).toHaveBeenCalledWith('inv-1');
  },
};

export const NoCurrentTenant: Story = {
  args: { currentTenantId: undefined },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Select a tenant' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create tenant' }));
    await expect(args.onCreate).toHaveBeenCalledTimes(1);
  },
};

/** At 375 px the open menu fits the screen. */
export const TenantsOnAPhone: Story = {
  globals: atPhoneWidth,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Current tenant:\s*Acme/ }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(isWithinWindow(menu)).toBe(true));
  },
};
