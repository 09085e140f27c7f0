import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { modals } from '@mantine/modals';
import { notifications, notificationsStore } from '@mantine/notifications';
import { DeferredMenu } from '#src/ui/deferred/DeferredMenu.tsx';
import { KeepFocus } from '#src/ui/deferred/KeepFocus.tsx';
import { loadTopBarMenus } from '#src/ui/deferred/topBarMenus.ts';
import { loadOnce, useDeferred } from '#src/ui/deferred/useDeferred.ts';
import { TopBar } from '#src/ui/TopBar.tsx';
import { UserMenuButton } from '#src/ui/UserMenuButton.tsx';
import { renderInConsole } from './render.tsx';

// The deferred modules compile on their first import, which on a busy machine can take longer than a test's wait; the
// tests below still go through the deferred paths (held events, lazy components, the swap).
beforeAll(async () => {
  await Promise.all([loadTopBarMenus(), import('#src/app/hosts/ModalsHost.tsx'), import('#src/app/hosts/NotificationsHost.tsx')]);
}, 60_000);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Probe({ load }: { load: () => Promise<string> }) {
  const { value, request } = useDeferred(load);
  return (
    <button type="button" onClick={request}>
      {value ?? 'waiting'}
    </button>
  );
}

test('deferred code loads at the first interaction anywhere on the page, once', async () => {
  const load = vi.fn(async () => 'loaded');
  render(<Probe load={load} />);
  await act(async () => {});
  expect(load).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'waiting' })).toBeTruthy();

  fireEvent.pointerMove(document.body);
  fireEvent.keyDown(document.body, { key: 'a' });
  expect(await screen.findByRole('button', { name: 'loaded' })).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a modal dialog taking the focus as it opens is not an interaction; a focus on the page is', async () => {
  const load = vi.fn(async () => 'loaded');
  render(
    <>
      <Probe load={load} />
      <div role="dialog" aria-modal="true">
        <input aria-label="In the dialog" />
      </div>
      <input aria-label="On the page" />
    </>,
  );
  fireEvent.focusIn(screen.getByRole('textbox', { name: 'In the dialog' }));
  await act(async () => {});
  expect(load).not.toHaveBeenCalled();
  fireEvent.focusIn(screen.getByRole('textbox', { name: 'On the page' }));
  expect(await screen.findByRole('button', { name: 'loaded' })).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(1);
});

test('deferred code also loads when asked, and after a failed load the next request tries again', async () => {
  let fail = true;
  const imports = vi.fn(async () => {
    if (fail) throw new Error('chunk missing');
    return 'loaded';
  });
  const load = loadOnce(imports);
  render(<Probe load={load} />);
  const button = screen.getByRole('button', { name: 'waiting' });
  fireEvent.click(button);
  await act(async () => {});
  expect(screen.getByRole('button', { name: 'waiting' })).toBeTruthy();

  fail = false;
  fireEvent.click(button);
  expect(await screen.findByRole('button', { name: 'loaded' })).toBeTruthy();
  expect(imports).toHaveBeenCalledTimes(2);
});

test('code that arrives while a pointer is pressed waits for the release, so the click reaches its element', async () => {
  let resolve!: (value: string) => void;
  const load = () => new Promise<string>((done) => (resolve = done));
  render(<Probe load={load} />);
  const button = screen.getByRole('button', { name: 'waiting' });
  fireEvent.pointerDown(button);
  await act(async () => resolve('loaded'));
  expect(screen.getByRole('button', { name: 'waiting' })).toBe(button);
  fireEvent.pointerUp(button);
  expect(await screen.findByRole('button', { name: 'loaded' })).toBeTruthy();
});

test('when a focused element is replaced, the focus moves to its replacement', () => {
  function Swap() {
    const [real, setReal] = useState(false);
    return (
      <>
        <KeepFocus>
          {real ? (
            <button type="button" key="real">
              Real
            </button>
          ) : (
            <button type="button" key="placeholder">
              Placeholder
            </button>
          )}
        </KeepFocus>
        <span role="switch" aria-checked={real} tabIndex={-1} onClick={() => setReal(true)}>
          swap
        </span>
      </>
    );
  }
  render(<Swap />);
  screen.getByRole('button', { name: 'Placeholder' }).focus();
  act(() => screen.getByRole('switch').click());
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Real' }));
});

const renderDeferredUserMenu = (hoverOpenDelay?: number) =>
  renderInConsole(
    <DeferredMenu
      hoverOpenDelay={hoverOpenDelay}
      trigger={(props) => <UserMenuButton user={{ name: 'Ada Lovelace' }} {...props} />}
      menu={({ UserMenu }, defaultOpened) => (
        <UserMenu
          user={{ name: 'Ada Lovelace' }}
          language="en"
          appearance="system"
          profileHref="/console/profile"
          onLanguageChange={() => {}}
          onAppearanceChange={() => {}}
          onSignOut={() => {}}
          defaultOpened={defaultOpened}
        />
      )}
    />,
  );

test('a menu asked for before its code loaded opens once it has, from the keyboard, with the focus kept on its trigger', async () => {
  const user = userEvent.setup();
  renderDeferredUserMenu();
  const trigger = screen.getByRole('button', { name: 'Ada Lovelace' });
  expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
  expect(trigger.getAttribute('aria-expanded')).toBe('false');
  act(() => trigger.focus());
  await user.keyboard('{Enter}');

  const menu = await screen.findByRole('menu');
  expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  await waitFor(() => expect(menu.contains(document.activeElement) || document.activeElement?.getAttribute('aria-haspopup') === 'menu').toBe(true));
  expect(screen.getByRole('button', { name: 'Ada Lovelace' }).getAttribute('aria-expanded')).toBe('true');
});

test('a hover menu rested on before its code loaded opens after the hover delay, not before', async () => {
  vi.useFakeTimers();
  renderDeferredUserMenu(300);
  fireEvent.mouseEnter(screen.getByRole('button', { name: 'Ada Lovelace' }));
  await act(async () => {
    await loadTopBarMenus();
  });
  act(() => vi.advanceTimersByTime(250));
  expect(screen.queryByRole('menu')).toBeNull();
  act(() => vi.advanceTimersByTime(50));
  act(() => vi.advanceTimersByTime(200)); // the dropdown's fade-in
  expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
});

test('a confirm dialog asked for before the modal manager loaded shows once it has', async () => {
  renderInConsole(<p>page</p>);
  const onConfirm = vi.fn();
  act(() => {
    modals.openConfirmModal({ title: 'Remove member', children: 'Sure?', labels: { confirm: 'Remove', cancel: 'Cancel' }, onConfirm });
  });
  const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
});

test('a toast shown before the toast container loaded shows once it has', async () => {
  renderInConsole(<p>page</p>);
  act(() => {
    notifications.show({ message: 'Tenant settings saved' });
  });
  expect(await screen.findByText('Tenant settings saved')).toBeTruthy();
  act(() => notifications.clean());
});

test('toasts shown at once are capped; the others wait their turn', async () => {
  renderInConsole(<p>page</p>);
  act(() => {
    for (let index = 1; index <= 5; index++) notifications.show({ message: `Toast ${index}`, autoClose: false });
  });
  expect(await screen.findByText('Toast 1')).toBeTruthy();
  expect(screen.getAllByText(/^Toast \d$/)).toHaveLength(2);
  act(() => notifications.hide(notificationsStore.getState().notifications[0]!.id!));
  expect(await screen.findByText('Toast 3')).toBeTruthy();
  act(() => notifications.clean());
});

test('a top-bar tooltip shows on hover and on keyboard focus, and hides after; the button is never replaced', async () => {
  renderInConsole(<TopBar userMenu={null} />);
  const help = screen.getByRole('button', { name: 'Help and contact' });
  fireEvent.pointerMove(document.body);
  await act(async () => {
    await loadTopBarMenus();
  });
  expect(screen.getByRole('button', { name: 'Help and contact' })).toBe(help);
  // By name: tabbing passes the documentation link, whose tooltip may still be fading out.
  const helpTooltip = () => screen.queryByRole('tooltip', { name: 'Help and contact' });
  fireEvent.mouseEnter(help);
  await waitFor(() => expect(helpTooltip()).not.toBeNull());
  fireEvent.mouseLeave(help);
  await waitFor(() => expect(helpTooltip()).toBeNull());
  for (let presses = 0; presses < 5 && document.activeElement !== help; presses += 1) await userEvent.tab();
  expect(document.activeElement).toBe(help);
  await waitFor(() => expect(helpTooltip()).not.toBeNull());
  act(() => help.blur());
  await waitFor(() => expect(helpTooltip()).toBeNull());
});
