import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { TenantSwitcher, type TenantSwitcherProps } from '#src/ui/tenant-switcher/TenantSwitcher.tsx';
import { sampleInvitation, sampleTenant } from '../support/samples.ts';
import { menuUser, renderInConsole } from './render.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const tenants = [
  sampleTenant('acme', { name: 'Acme' }),
  sampleTenant('globex', { name: 'Globex', tag: 'production', isSuspended: true, openInvoices: [{ id: 'in_1', amountDue: 100 }] }),
  sampleTenant('initech', { name: 'Initech', tag: 'production', usage: { activeUsers: 0, tokenUsage: 10 }, quota: { mauLimit: null, tokenLimit: 10 } }),
];

function open(overrides: Partial<TenantSwitcherProps> = {}) {
  const props: TenantSwitcherProps = {
    tenants,
    currentTenantId: 'acme',
    invitations: [],
    onSelect: vi.fn(),
    onJoin: vi.fn(),
    onCreate: vi.fn(),
    ...overrides,
  };
  renderInConsole(<TenantSwitcher {...props} />, { edition: 'cloud' });
  const { user, settle } = menuUser();
  const openMenu = async (name: string | RegExp) => {
    await user.click(screen.getByRole('button', { name }));
    settle();
    return screen.getByRole('menu');
  };
  return { props, user, settle, openMenu };
}

test('the card names the current tenant and its tag; the menu marks it and shows one status tag per tenant', async () => {
  const { openMenu } = open();
  const menu = await openMenu(/^Current tenant:\s*Acme\s*Development$/);
  const items = within(menu).getAllByRole('menuitem');
  expect(items.map((item) => item.getAttribute('aria-current'))).toEqual(['true', null, null, null]);
  expect(within(items[0]).getByLabelText('Current tenant')).toBeTruthy();
  // Suspended wins over overdue; tokens over the limit on a non-enterprise plan.
  expect(within(items[1]).getByText('Suspended')).toBeTruthy();
  expect(within(items[1]).queryByText('Overdue')).toBeNull();
  expect(within(items[2]).getByText('Token limit exceeded')).toBeTruthy();
  expect(within(menu).queryByText('Invitations')).toBeNull();
});

test('choosing another tenant switches to it', async () => {
  const { props, user, openMenu } = open();
  await user.click(within(await openMenu(/^Current tenant/)).getByRole('menuitem', { name: /Globex/ }));
  expect(props.onSelect).toHaveBeenCalledWith('globex');
});

test('choosing the current tenant does nothing', async () => {
  const { props, user, openMenu } = open();
  await user.click(within(await openMenu(/^Current tenant/)).getByRole('menuitem', { name: /Acme/ }));
  expect(props.onSelect).not.toHaveBeenCalled();
});

test('pending invitations: a red dot, described in words after the name (not glued to it), and a Join item each', async () => {
  const { props, user, openMenu } = open({ invitations: [sampleInvitation('inv-7', { tenantName: 'Umbrella' })] });
  expect(screen.getByRole('button', { name: /^Current tenant:\s*Acme\s*Development$/, description: 'Pending invitations' })).toBeTruthy();
  const menu = await openMenu(/^Current tenant/);
  await user.click(within(menu).getByRole('menuitem', { name: /^Join Umbrella/ }));
  expect(props.onJoin).toHaveBeenCalledWith('inv-7');
});

test('the create button opens the create-tenant modal; the keyboard reaches it', async () => {
  const { props, user, settle } = open({ currentTenantId: undefined });
  screen.getByRole('button', { name: 'Select a tenant' }).focus();
  await user.keyboard('{Enter}');
  settle();
  await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Create tenant' }));
  expect(props.onCreate).toHaveBeenCalledTimes(1);
});
