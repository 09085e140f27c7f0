import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { TopBar } from '#src/ui/TopBar.tsx';
import { sampleTenantSwitcher, sampleUserMenu } from './samples.tsx';
import { isWithinWindow } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';


const meta = {
  title: 'Shell/Top bar',
  component: TopBar,
  args: { userMenu: sampleUserMenu, tenantSelector: sampleTenantSwitcher },
  render: (args) => (
    <div style={{ height: 64, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <TopBar {...args} />
    </div>
  ),
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Cloud: Story = {
  globals: { edition: 'cloud' },
  play: async ({ canvas }) => {
    const switcher = canvas.getByRole('button', { name: /^Current tenant:\s*Acme production\s*Production$/, description: 'Pending invitations' });
    await expect(within(switcher).getByText('Acme production')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: /^Version/ })).toBeNull();
    await expect(canvas.queryByText('Console')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Ada Lovelace' })).toBeVisible();
  },
};

export const SelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Gatehouse' })).toBeVisible();
    await expect(canvas.getByText('Console')).toBeVisible();
    const version = canvas.getByRole('link', { name: 'Version 1.24.0' });
    await expect(version).toBeVisible();
    await expect(version).toHaveAttribute('target', '_blank');
    await expect(canvas.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', expect.stringMatching(/^https:/));
    await expect(canvas.getByRole('button', { name: 'Help and contact' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Current tenant/ })).toBeNull();
  },
};

/** Self-hosted has no tenant row: at 375 px the version, help and user menu still fit the one row. */
export const SelfHostedOnAPhone: Story = {
  globals: { edition: 'self-hosted', ...atPhoneWidth },
  play: async ({ canvas }) => {
    for (const control of [...canvas.getAllByRole('button'), ...canvas.getAllByRole('link')]) await expect(isWithinWindow(control), control.textContent ?? '').toBe(true);
  },
};

export const HelpAndContact: Story = {
  globals: { edition: 'self-hosted' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Help and contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help and contact' });
    await expect(within(dialog).getAllByRole('link')).toHaveLength(4);
    await waitFor(() => expect(within(dialog).getByText('Book a meeting')).toBeVisible());
  },
};
