import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { TenantSwitcher } from '#src/ui/tenant-switcher/TenantSwitcher.tsx';
import { sampleInvitation, sampleTenant } from '#tests/support/samples.ts';
import { isWithinWindow } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';

const tenants = [
  sampleTenant('acme', { name: 'Acme' }),
  sampleTenant('globex', { name: 'Globex', tag: 'production', planId: 'pro', isSuspended: true, openInvoices: [{ id: 'in_2', amountDue: 100 }] }),
  sampleTenant('initech', { name: 'Initech', tag: 'production', planId: 'pro', openInvoices: [{ id: 'in_1', amountDue: 1600 }] }),
  sampleTenant('umbrella', { name: 'Umbrella', tag: 'production', usage: { activeUsers: 50_000, tokenUsage: 0 }, quota: { mauLimit: 50_000, tokenLimit: 500_000 } }),
  sampleTenant('soylent', { name: 'Soylent', tag: 'production', usage: { activeUsers: 0, tokenUsage: 10 }, quota: { mauLimit: null, tokenLimit: 10 } }),
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
    const current = within(menu).getByRole('menuitem', { current: true });
    await expect(current).toHaveTextContent('Acme');
    await expect(within(current).getByLabelText('Current tenant')).toBeVisible();
    // One status tag a tenant: suspended wins over overdue; tokens over the limit on a non-enterprise plan.
    await expect(within(within(menu).getByRole('menuitem', { name: /Globex/ })).queryByText('Overdue')).toBeNull();
    await expect(within(within(menu).getByRole('menuitem', { name: /Initech/ })).getByText('Overdue')).toBeVisible();
    await expect(within(menu).getByText('MAU exceeded')).toBeVisible();
    await expect(within(within(menu).getByRole('menuitem', { name: /Soylent/ })).getByText('Token limit exceeded')).toBeVisible();
    await expect(within(menu).queryByText('Invitations')).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Initech/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('initech');
  },
};

export const CurrentTenantChosen: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Current tenant/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Acme/ }));
    await expect(args.onSelect).not.toHaveBeenCalled();
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
    // The keyboard reaches the create button.
    canvas.getByRole('button', { name: 'Select a tenant' }).focus();
    await userEvent.keyboard('{Enter}');
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
