import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications, notificationsStore } from '@mantine/notifications';
import type { PatchRole } from '#schemas/role.ts';
import { ApiError, type ErrorFeedback } from '#src/api/errors.ts';
import { mantineFeedback } from '#src/api/feedback.tsx';
import { createRolesApi } from '#src/api/management/roles.ts';
import { createQueryClient } from '#src/data/client.ts';
import { runMutation } from '#src/data/run-mutation.ts';
import { sampleRole } from '../support/role-samples.ts';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const reader = sampleRole('reader', { name: 'Order reader', description: 'Reads orders' });
const toasts = () => notificationsStore.getState().notifications.filter(({ color }) => color === 'red');

/** Acme with the real request client (its failures toast through Mantine) and a roles API whose update is faked. */
function setup(path: string, updateRole = vi.fn(async (_tenantId: string, id: string, patch: PatchRole) => ({ ...reader, id, ...patch }))) {
  openConsole(path, {
    edition: 'cloud',
    tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' })],
    roles: ['acme:admin'],
    feedback: mantineFeedback,
    api: (client) => ({ roles: { ...createRolesApi(client.tenant), getRole: async () => reader, updateRole } }),
  });
  return updateRole;
}

const rename = async (name: string) => {
  const field = await screen.findByRole('textbox', { name: 'Role name' });
  await userEvent.clear(field);
  await userEvent.type(field, name);
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
};

test('a failed write with a code the page does not show is the kit’s one toast, with the server’s details', async () => {
  const updateRole = setup('/acme/roles/reader/general');
  updateRole.mockRejectedValueOnce(new ApiError('The role is locked.', 409, { code: 'role.default_role_must_be_user_role', message: 'The role is locked.', details: 'held by 3 users' }));
  await rename('Order auditor');
  await waitFor(() => expect(toasts()).toHaveLength(1));
  const toast = (await screen.findByText('The role is locked.')).closest('.mantine-Notification-root') as HTMLElement;
  expect(within(toast).getByText('More details')).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'Role name' }).getAttribute('aria-invalid')).not.toBe('true');
});

test('a code the page declares is shown on its field, and not as a toast', async () => {
  const updateRole = setup('/acme/roles/reader/general');
  updateRole.mockRejectedValueOnce(new ApiError('in use', 422, { code: 'role.name_in_use', message: 'in use' }));
  await rename('Order sync');
  expect(await screen.findByText('A role with this name already exists.')).toBeTruthy();
  expect(toasts()).toEqual([]);
});

test('a failed read is the page’s error state, never a toast', async () => {
  // The roles list is not faked: the request client fails it (no tokens here) after its retries.
  setup('/acme/roles');
  expect(await screen.findByText('The list could not be loaded.', {}, { timeout: 5_000 })).toBeTruthy();
  expect(toasts()).toEqual([]);
}, 10_000);

test('the kit reports every failed write once, unless the write declares the code or the request client reported it', async () => {
  const shown: string[] = [];
  const feedback: ErrorFeedback = { toastError: (message) => shown.push(message), alert: async () => {} };
  const signedOut = vi.fn();
  const queryClient = createQueryClient('self-hosted', { feedback, session: { authError: () => {}, signOut: signedOut } });
  const fail = (error: ApiError) => () => Promise.reject(error);
  const settle = (promise: Promise<unknown>) => promise.catch(() => {});
  await settle(runMutation(queryClient, fail(new ApiError('Not today.', 400, { code: 'role.default_role_must_be_user_role', message: 'Not today.' }))));
  await settle(runMutation(queryClient, fail(new ApiError('in use', 422, { code: 'role.name_in_use', message: 'in use' })), { handles: ['role.name_in_use'] }));
  await settle(runMutation(queryClient, fail(new ApiError('Insufficient permissions.', 403, { message: 'Insufficient permissions.' }))));
  expect(shown).toEqual(['Not today.']);
  expect(signedOut).toHaveBeenCalledOnce();
});
