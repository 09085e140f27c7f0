import { afterEach, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactDialog } from '../../src/ui/ContactDialog.tsx';
import { TopBar } from '../../src/ui/TopBar.tsx';
import { UserMenu, type UserMenuProps } from '../../src/ui/UserMenu.tsx';
import { renderInConsole } from './render.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const userMenuProps = (overrides: Partial<UserMenuProps> = {}): UserMenuProps => ({
  user: { name: 'Ada Lovelace' },
  language: 'en',
  appearance: 'system',
  profileHref: '/console/profile',
  onLanguageChange: vi.fn(),
  onAppearanceChange: vi.fn(),
  onSignOut: vi.fn(),
  ...overrides,
});

test('self-hosted top bar: logo, title, version badge linking out, docs and help', () => {
  renderInConsole(<TopBar userMenu={null} tenant={{ name: 'Acme', tag: 'production' }} />, { edition: 'self-hosted' });
  expect(screen.getByRole('img', { name: 'Gatehouse' })).toBeTruthy();
  expect(screen.getByText('Console')).toBeTruthy();
  const badge = screen.getByRole('link', { name: 'Version 1.24.0' });
  expect(badge.getAttribute('target')).toBe('_blank');
  expect(screen.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toMatch(/^https:/);
  expect(screen.getByRole('button', { name: 'Help and contact' })).toBeTruthy();
  expect(screen.queryByText('Acme')).toBeNull();
});

test('cloud top bar: the current tenant instead of the title, no version badge', () => {
  renderInConsole(<TopBar userMenu={null} tenant={{ name: 'Acme', tag: 'production' }} />, { edition: 'cloud' });
  const tenant = screen.getByLabelText('Current tenant');
  expect(within(tenant).getByText('Acme')).toBeTruthy();
  expect(within(tenant).getByText('Production')).toBeTruthy();
  expect(screen.queryByText('Console')).toBeNull();
  expect(screen.queryByRole('link', { name: /^Version/ })).toBeNull();
});

test('the help button opens the contact dialog with its four rows', async () => {
  renderInConsole(<TopBar userMenu={null} />);
  await userEvent.click(screen.getByRole('button', { name: 'Help and contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Help and contact' });
  for (const row of ['Community chat', 'Source code', 'E-mail', 'Book a meeting']) expect(within(dialog).getByText(row)).toBeTruthy();
  const links = within(dialog).getAllByRole('link');
  expect(links).toHaveLength(4);
  for (const link of links) expect(link.getAttribute('target')).toBe('_blank');
});

test('the contact dialog closes from its labelled close button', async () => {
  const onClose = vi.fn();
  renderInConsole(<ContactDialog opened onClose={onClose} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalled();
});

/** Menus open after their hover delay and a fade-in; fake timers drive both (jsdom has no animation frames). */
function menuUser() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const settle = () => {
    // The hover delay first; the fade-in is scheduled only once the menu has rendered open.
    act(() => vi.advanceTimersByTime(350));
    act(() => vi.advanceTimersByTime(250));
  };
  return { user, settle };
}

test('the user menu is a button named after the user that opens from the keyboard', async () => {
  const { user, settle } = menuUser();
  const props = userMenuProps();
  renderInConsole(<UserMenu {...props} />);
  screen.getByRole('button', { name: 'Ada Lovelace' }).focus();
  await user.keyboard('{Enter}');
  settle();
  const profile = screen.getByRole('menuitem', { name: 'Profile' });
  expect(profile.getAttribute('href')).toBe('/console/profile');
  expect(profile.getAttribute('target')).toBe('_blank');
  expect(screen.getByRole('menuitem', { name: 'Language' })).toBeTruthy();
  expect(screen.getByRole('menuitem', { name: 'Appearance' })).toBeTruthy();
  await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
  expect(props.onSignOut).toHaveBeenCalled();
});

test('the user menu opens on hover after 300 ms', () => {
  vi.useFakeTimers();
  renderInConsole(<UserMenu {...userMenuProps()} />);
  const trigger = screen.getByRole('button', { name: 'Ada Lovelace' });
  fireEvent.mouseEnter(trigger);
  act(() => vi.advanceTimersByTime(250));
  expect(screen.queryByRole('menuitem', { name: 'Sign out' })).toBeNull();
  act(() => vi.advanceTimersByTime(50));
  // Then the dropdown's 150 ms fade-in.
  act(() => vi.advanceTimersByTime(200));
  expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
});
