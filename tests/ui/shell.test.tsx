import { afterEach, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { TopBar } from '#src/ui/TopBar.tsx';
import { UserMenu } from '#src/ui/UserMenu.tsx';
import { renderInConsole } from './render.tsx';

// The top bar, the contact dialog and the user menu's items and keyboard are their stories' (stories/shell); the timings are here.
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
});

test('the user menu opens on hover after 300 ms', () => {
  vi.useFakeTimers();
  const callbacks = { onLanguageChange: vi.fn(), onAppearanceChange: vi.fn(), onSignOut: vi.fn() };
  renderInConsole(<UserMenu user={{ name: 'Ada Lovelace' }} language="en" appearance="system" profileHref="/console/profile" {...callbacks} />);
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
