import { afterEach, expect, test, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { pageSettledAfter, type PageSettled } from '../../src/data/page-settled.ts';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';

afterEach(cleanup);

test("the page settles once its routes have loaded and its requests have answered, not before", async () => {
  const queryClient = new QueryClient();
  let routesLoaded = () => {};
  const settled = pageSettledAfter(new Promise<void>((resolve) => (routesLoaded = resolve)), queryClient);
  const heard = vi.fn();
  settled.subscribe(heard);
  await act(async () => {}); // nothing is fetching yet, but the page's loaders have not run
  expect(settled.isSettled()).toBe(false);

  let answer = (_items: string[]) => {};
  void queryClient.prefetchQuery({ queryKey: ['list'], queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)) });
  routesLoaded();
  await act(async () => {});
  expect(settled.isSettled()).toBe(false);
  answer([]);
  await waitFor(() => expect(settled.isSettled()).toBe(true));
  expect(heard).toHaveBeenCalledTimes(1);
});

test("the shell's pending invitations and the tenant's notices wait for the page's requests", async () => {
  let open = false;
  const listeners = new Set<() => void>();
  const pageSettled: PageSettled = { isSettled: () => open, subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)) };
  const listMyInvitations = vi.fn(async () => []);
  const getAdminConsoleConfig = vi.fn(async () => ({ signInExperienceCustomized: false, organizationCreated: false }));
  openConsole('/acme/get-started', {
    edition: 'cloud',
    tenants: [sampleTenant('acme')],
    roles: ['acme:admin'],
    services: { pageSettled },
    api: (client) => ({
      invitations: { ...client.invitations, listMyInvitations },
      billing: { ...client.billing, getAdminConsoleConfig },
    }),
  });
  await screen.findByRole('navigation', { name: 'Main navigation' });
  expect(listMyInvitations).not.toHaveBeenCalled();
  expect(getAdminConsoleConfig).not.toHaveBeenCalled();

  open = true;
  act(() => listeners.forEach((listener) => listener()));
  await waitFor(() => expect(listMyInvitations).toHaveBeenCalled());
  await waitFor(() => expect(getAdminConsoleConfig).toHaveBeenCalledWith('acme', expect.anything()));
});
