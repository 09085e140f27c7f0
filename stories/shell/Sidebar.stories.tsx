import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Sidebar } from '#src/ui/Sidebar.tsx';
import { WithRouter } from './with-router.tsx';

const meta = {
  title: 'Shell/Sidebar',
  component: Sidebar,
  args: { tenantId: 't1' },
  render: (args) => (
    <WithRouter>
      <div style={{ width: 260, height: '100vh' }}>
        <Sidebar {...args} />
      </div>
    </WithRouter>
  ),
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Cloud: Story = {
  globals: { edition: 'cloud' },
  play: async ({ canvas }) => {
    const nav = await canvas.findByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/console/t1/get-started');
    await expect(canvas.getByRole('link', { name: 'Tenant settings' })).toHaveAttribute('href', '/console/t1/tenant-settings');
    await expect(canvas.getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');
  },
};

export const SelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  args: { tenantId: 'default' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/console/default/applications');
    await expect(canvas.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Tenant settings' })).toBeNull();
  },
};
