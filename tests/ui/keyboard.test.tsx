import { afterEach, expect, test, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';
import { UserMenu } from '#src/ui/UserMenu.tsx';
import { menuUser, renderInConsole } from './render.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Escape closes the dialog, and the focus is back on `opener` rather than on the page's body. */
async function closesBackTo(dialogName: string, opener: () => HTMLElement, user: ReturnType<typeof menuUser>['user']) {
  await screen.findByRole('dialog', { name: dialogName });
  await waitFor(() => expect(screen.getByRole('dialog', { name: dialogName }).contains(document.activeElement)).toBe(true));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: dialogName })).toBeNull());
  act(() => vi.advanceTimersByTime(50));
  expect(document.activeElement).toBe(opener());
}

test('closing a modal gives the focus back to what opened it, also when its code loads at the first opening and when a menu item opened it', async () => {
  openConsole('/sandbox/get-started', { edition: 'cloud', tenants: [sampleTenant('sandbox', { name: 'Sandbox' })], roles: ['sandbox:admin'] });
  await screen.findByRole('heading', { level: 1, name: 'Get started' });
  const { user, settle } = menuUser();

  const help = () => screen.getByRole('button', { name: 'Help and contact' });
  help().focus();
  await user.keyboard('{Enter}');
  await closesBackTo('Help and contact', help, user);

  const banner = () => within(screen.getByRole('region', { name: 'Ready for live users?' })).getByRole('button', { name: 'Create production tenant' });
  banner().focus();
  await user.keyboard('{Enter}');
  await closesBackTo('Create tenant', banner, user);

  // The menu item goes with its menu: the focus returns to the menu's button.
  const switcher = () => screen.getByRole('button', { name: /^Current tenant/ });
  switcher().focus();
  await user.keyboard('{Enter}');
  settle();
  await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Create tenant' }));
  await closesBackTo('Create tenant', switcher, user);
});

test('user menu: Escape in the language submenu closes only the submenu; choosing a language or an appearance closes the menu', async () => {
  const { user, settle } = menuUser();
  const onLanguageChange = vi.fn();
  const onAppearanceChange = vi.fn();
  renderInConsole(
    <UserMenu
      user={{ name: 'Ada Lovelace' }}
      language="en"
      appearance="system"
      profileHref="/console/profile"
      onLanguageChange={onLanguageChange}
      onAppearanceChange={onAppearanceChange}
      onSignOut={vi.fn()}
    />,
  );
  const trigger = screen.getByRole('button', { name: 'Ada Lovelace' });
  const openSubmenu = async (name: string) => {
    if (!screen.queryByRole('menu')) {
      trigger.focus();
      await user.keyboard('{Enter}');
      settle();
    }
    screen.getByRole('menuitem', { name }).focus();
    await user.keyboard('{ArrowRight}');
    settle();
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitemradio'), { timeout: 1000 });
  };

  await openSubmenu('Language');
  await user.keyboard('{Escape}');
  settle();
  expect(screen.queryByRole('menuitemradio', { name: 'Deutsch' })).toBeNull();
  expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Language' }));

  for (const [submenu, choice, callback, value] of [
    ['Language', 'Deutsch', onLanguageChange, 'de'],
    ['Language', 'العربية', onLanguageChange, 'ar'],
    ['Appearance', 'Dark', onAppearanceChange, 'dark'],
  ] as const) {
    await openSubmenu(submenu);
    screen.getByRole('menuitemradio', { name: choice }).focus();
    await user.keyboard('{Enter}');
    settle();
    expect(callback).toHaveBeenLastCalledWith(value);
    expect(screen.queryByRole('menu')).toBeNull();
    act(() => vi.advanceTimersByTime(50));
    expect(document.activeElement).toBe(trigger);
  }
});

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

test("every modal is a Dialog (src/ui/Dialog.tsx), which names its close button and returns the focus; none uses Mantine's Modal itself", () => {
  const direct = sourceFiles('src').filter(
    (file) => file !== join('src', 'ui', 'Dialog.tsx') && /import \{[^}]*\bModal\b[^}]*\} from '@mantine\/core'/.test(readFileSync(file, 'utf8')),
  );
  expect(direct).toEqual([]);
});
