import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ConsoleLayout } from '../../src/ui/ConsoleLayout.tsx';
import { PlaceholderPage } from '../../src/ui/PlaceholderPage.tsx';
import { Sidebar } from '../../src/ui/Sidebar.tsx';

import { sampleTenantSwitcher, sampleUserMenu } from './samples.tsx';
import { WithRouter } from './with-router.tsx';

const meta = {
  title: 'Shell/Console layout',
  component: ConsoleLayout,
  args: {
    tenantSelector: sampleTenantSwitcher,
    userMenu: sampleUserMenu,
    children: null,
  },
  render: (args) => (
    <WithRouter>
      <ConsoleLayout {...args} sidebar={<Sidebar tenantId="t1" />}>
        <PlaceholderPage title="Applications" />
      </ConsoleLayout>
    </WithRouter>
  ),
} satisfies Meta<typeof ConsoleLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithSidebar: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  },
};
