import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '#src/ui/ConsoleLayout.tsx';
import { PlaceholderPage } from '#src/ui/PlaceholderPage.tsx';
import { Sidebar } from '#src/ui/Sidebar.tsx';

import { sampleTenantSwitcher, sampleUserMenu } from './samples.tsx';
import { WithRouter } from './with-router.tsx';
import { isShownWhole, isWithinWindow, overlap } from '../support/layout.ts';
import { atLaptopSize, atPhoneWidth } from '../support/phone.ts';

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
    // The page never slides out from under a sidebar that appears: its padding does not transition.
    await expect(getComputedStyle(canvas.getByRole('main')).transitionProperty).toBe('none');
  },
};

/** On a laptop screen (1440 × 900) every item of the sidebar shows, down to Tenant settings, without scrolling it. */
export const SidebarOnALaptop: Story = {
  globals: atLaptopSize,
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main navigation' });
    await expect(await within(nav).findByRole('link', { name: 'Tenant settings' })).toBeVisible();
    await expect(nav.scrollHeight).toBeLessThanOrEqual(nav.clientHeight);
  },
};

const inView = (element: Element) => {
  const { bottom, top } = element.getBoundingClientRect();
  return bottom > 0 && top < window.innerHeight;
};

/** The skip link is out of sight until the first Tab, then shows above the top bar; Enter moves the focus to the page. */
export const SkipLink: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Skip to main content' });
    await expect(inView(link)).toBe(false);
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(inView(link)).toBe(true);
    await userEvent.keyboard('{Enter}');
    // Past the top bar and the sidebar, to the page and its heading.
    await expect(canvas.getByRole('main')).toHaveFocus();
    await expect(within(canvas.getByRole('main')).getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  },
};

/** At 375 px the top bar keeps every control on screen, apart from each other, and the current tenant's name whole. */
export const WithSidebarOnAPhone: Story = {
  globals: atPhoneWidth,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    const banner = canvas.getByRole('banner');
    const controls = [...within(banner).getAllByRole('button'), ...within(banner).getAllByRole('link')];
    for (const control of controls) await expect(isWithinWindow(control), control.textContent ?? '').toBe(true);
    for (const [index, control] of controls.entries())
      for (const other of controls.slice(index + 1)) await expect(overlap(control, other), `${control.textContent} / ${other.textContent}`).toBe(false);
    await expect(isShownWhole(within(banner).getByText('Acme production'))).toBe(true);
  },
};
