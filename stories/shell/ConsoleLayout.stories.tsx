import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ConsoleLayout } from '../../src/ui/ConsoleLayout.tsx';
import { PlaceholderPage } from '../../src/ui/PlaceholderPage.tsx';
import { Sidebar } from '../../src/ui/Sidebar.tsx';
import { UserMenu } from '../../src/ui/UserMenu.tsx';
import { WithRouter } from './with-router.tsx';

const meta = {
  title: 'Shell/Console layout',
  component: ConsoleLayout,
  args: {
    tenant: { name: 'Acme', tag: 'development' },
    userMenu: (
      <UserMenu
        user={{ name: 'Ada Lovelace' }}
        language="en"
        appearance="system"
        profileHref="/console/profile"
        onLanguageChange={fn()}
        onAppearanceChange={fn()}
        onSignOut={fn()}
      />
    ),
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
