import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { UserMenu } from '#src/ui/UserMenu.tsx';

const meta = {
  title: 'Shell/User menu',
  component: UserMenu,
  args: {
    user: { name: 'Ada Lovelace' },
    language: 'en',
    appearance: 'system',
    profileHref: '/console/profile',
    onLanguageChange: fn(),
    onAppearanceChange: fn(),
    onSignOut: fn(),
  },
  decorators: [(Story) => <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16, minHeight: 480 }}><Story /></div>],
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(screen.queryByRole('menu')).toBeNull();
  },
};

export const FromTheKeyboard: Story = {
  play: async ({ canvas, args }) => {
    canvas.getByRole('button', { name: 'Ada Lovelace' }).focus();
    await userEvent.keyboard('{Enter}');
    const profile = await screen.findByRole('menuitem', { name: 'Profile' });
    await expect(profile).toHaveAttribute('target', '_blank');
    await expect(profile).toHaveAttribute('href', '/console/profile');
    // The first item takes the focus; the arrows move through the items and wrap around.
    await waitFor(() => expect(profile).toHaveFocus());
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Appearance' })).toBeVisible());
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: 'Language' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onSignOut).toHaveBeenCalled();
  },
};

export const LanguageSubmenu: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Language' }));
    await expect(await screen.findByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
    await expect(args.onLanguageChange).toHaveBeenCalledWith('de');
  },
};

export const AppearanceSubmenu: Story = {
  args: { appearance: 'dark' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Appearance' }));
    await expect(await screen.findByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Sync with system' }));
    await expect(args.onAppearanceChange).toHaveBeenCalledWith('system');
  },
};
