import { afterEach, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { ContactDialog } from '#src/ui/ContactDialog.tsx';
import { TopBar } from '#src/ui/TopBar.tsx';
import { TenantSwitcher } from '#src/ui/tenant-switcher/TenantSwitcher.tsx';
import { sampleTenant } from '../support/samples.ts';
import { UserMenu, type UserMenuProps } from '#src/ui/UserMenu.tsx';
import { menuUser, renderInConsole } from './render.tsx';

afterEach(() => {
  cleanup();
  notifications.clean();
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

const acmeSwitcher = (
  <TenantSwitcher
    tenants={[sampleTenant('acme', { name: 'Acme', tag: 'production' })]}
    currentTenantId="acme"
    invitations={[]}
    onSelect={vi.fn()}
    onJoin={vi.fn()}
    onCreate={vi.fn()}
  />
);

test('self-hosted top bar: logo, title, version badge linking out, docs and help', () => {
  renderInConsole(<TopBar userMenu={null} tenantSelector={acmeSwitcher} />, { edition: 'self-hosted' });
  expect(screen.getByRole('img', { name: 'Gatehouse' })).toBeTruthy();
  expect(screen.getByText('Console')).toBeTruthy();
  const badge = screen.getByRole('link', { name: 'Version 1.24.0' });
  expect(badge.getAttribute('target')).toBe('_blank');
  expect(screen.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toMatch(/^https:/);
  expect(screen.getByRole('button', { name: 'Help and contact' })).toBeTruthy();
  expect(screen.queryByText('Acme')).toBeNull();
});

test('cloud top bar: the current tenant instead of the title, no version badge', () => {
  renderInConsole(<TopBar userMenu={null} tenantSelector={acmeSwitcher} />, { edition: 'cloud' });
  const tenant = screen.getByRole('button', { name: /^Current tenant:\s*Acme\s*Production$/ });
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

test("toasts come up at the bottom, clear of the top bar's menus", async () => {
  renderInConsole(<TopBar userMenu={null} />);
  notifications.show({ message: 'Profile updated' });
  const toast = await screen.findByText('Profile updated');
  expect(toast.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-right');
});
