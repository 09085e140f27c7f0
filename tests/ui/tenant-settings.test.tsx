import { afterEach, expect, test, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { Invitation } from '#schemas/invitation.ts';
import { ApiError } from '#src/api/errors.ts';
import { sampleInvitation, sampleMember as member, sampleTenant } from '../support/samples.ts';
import { openConsole, signedInUserId, type ConsoleSetup } from './console.tsx';

// What the tabs show to an admin and to a collaborator is their stories' (Pages/Tenant settings); here what they do.
afterEach(() => {
  cleanup();
  // Toasts live in a store of their own.
  notifications.clean();
});

const acme = sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' });
const sandbox = sampleTenant('sandbox', { name: 'Sandbox' });

const members = [member(signedInUserId, 'Ada', 'admin'), member('u2', 'Bob', 'collaborator')];

/** Acme, where the signed-in user is admin, and Sandbox where they collaborate; the tenant API calls are recorded. */
function setup(overrides: Partial<ConsoleSetup> = {}) {
  const calls = {
    updateTenant: vi.fn(async (tenantId: string, body: { name: string }) => ({ ...acme, id: tenantId, ...body })),
    deleteTenant: vi.fn(async () => {}),
    updateMemberRole: vi.fn(async () => members[1]),
    removeMember: vi.fn(async () => {}),
    listMembers: vi.fn(async () => members),
    createInvitations: vi.fn(async (): Promise<Invitation[]> => []),
    revokeInvitation: vi.fn(async () => sampleInvitation('inv-1', { status: 'Revoked' })),
    resendInvitation: vi.fn(async () => sampleInvitation('inv-1')),
  };
  const invitations = [
    sampleInvitation('inv-1', { tenantId: 'acme', invitee: 'carol@example.com' }),
    sampleInvitation('inv-2', { tenantId: 'acme', invitee: 'dave@example.com', status: 'Accepted' }),
  ];
  const config: ConsoleSetup = {
    edition: 'cloud',
    tenants: [acme, sandbox],
    roles: ['acme:admin', 'sandbox:collaborator'],
    api: (client) => ({
      tenants: { ...client.tenants, updateTenant: calls.updateTenant, deleteTenant: calls.deleteTenant },
      members: {
        ...client.members,
        listMembers: calls.listMembers,
        getMemberScopes: async (tenantId) =>
          (tenantId === 'acme' ? ['read:data', 'read:member', 'invite:member', 'remove:member', 'update:member:role', 'manage:tenant'] : ['read:member']).map(
            (name) => ({ name }),
          ),
        updateMemberRole: calls.updateMemberRole,
        removeMember: calls.removeMember,
      },
      invitations: {
        ...client.invitations,
        listMyInvitations: async () => [],
        listTenantInvitations: async () => invitations,
        createInvitations: calls.createInvitations,
        revokeInvitation: calls.revokeInvitation,
        resendInvitation: calls.resendInvitation,
      },
    }),
    ...overrides,
  };
  return { calls, app: openConsole('/acme/tenant-settings', config), open: (path: string) => openConsole(path, config) };
}

test('settings: the name is saved; an empty name is refused with nothing sent', async () => {
  const { calls } = setup();
  const name = await screen.findByRole('textbox', { name: 'Tenant name' });
  await userEvent.clear(name);
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Enter a tenant name of 1 to 128 characters.')).toBeTruthy();
  expect(calls.updateTenant).not.toHaveBeenCalled();
  await userEvent.type(name, 'Acme Corp');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.updateTenant).toHaveBeenCalledWith('acme', { name: 'Acme Corp' }));
  expect(await screen.findByText('Tenant settings saved')).toBeTruthy();
  // The session's list has the new name: the switcher shows it.
  await screen.findByRole('button', { name: /^Current tenant:\s*Acme Corp/ });
});

test('settings: leaving with an unsaved name asks first; staying keeps what was typed, leaving goes; Discard ends the question', async () => {
  const { app } = setup();
  const name = await screen.findByRole('textbox', { name: 'Tenant name' });
  expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  await userEvent.type(name, ' Corp');
  expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeTruthy();
  const members = screen.getByRole('link', { name: 'Members' });
  await userEvent.click(members);
  let dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull());
  expect(app.location()).toBe('/console/acme/tenant-settings/settings');
  expect(screen.getByRole('textbox', { name: 'Tenant name' })).toHaveProperty('value', 'Acme Corp');
  await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
  expect(screen.getByRole('textbox', { name: 'Tenant name' })).toHaveProperty('value', 'Acme');
  await userEvent.type(screen.getByRole('textbox', { name: 'Tenant name' }), '!');
  await userEvent.click(members);
  dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
  await waitFor(() => expect(app.location()).toBe('/console/acme/tenant-settings/members'));
});

test("settings: deleting asks for the tenant's name, then the tenant leaves the list and the console goes to the root", async () => {
  const { calls, app } = setup();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete tenant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete tenant' });
  const confirm = within(dialog).getByRole('button', { name: 'Delete' });
  expect(confirm).toHaveProperty('disabled', true);
  const typed = within(dialog).getByRole('textbox', { name: 'Tenant name' });
  await waitFor(() => expect(document.activeElement).toBe(typed));
  await userEvent.type(typed, 'acme');
  expect(confirm).toHaveProperty('disabled', true);
  await userEvent.clear(typed);
  await userEvent.type(typed, 'Acme');
  await userEvent.click(confirm);
  await waitFor(() => expect(calls.deleteTenant).toHaveBeenCalledWith('acme'));
  // The root opens the remaining tenant.
  await waitFor(() => expect(app.location()).toBe('/console/sandbox/get-started'));
  await userEvent.click(await screen.findByRole('button', { name: /^Current tenant:\s*Sandbox/ }));
  // The menu is still fading in (jsdom has no animation frames), so hidden items count.
  const items = await screen.findAllByRole('menuitem', { hidden: true });
  expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Sandbox'), 'Create tenant']);
  expect(app.router.options.context.tenants.map(({ id }) => id)).toEqual(['sandbox']);
});

test('members: the list with change-role and remove for others, not for oneself', async () => {
  const { calls, open } = setup();
  cleanup();
  open('/acme/tenant-settings/members');
  const table = await screen.findByRole('table', { name: 'Members' });
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(3);
  expect(within(rows[1]).getByText('Ada')).toBeTruthy();
  expect(within(rows[1]).getByText('You')).toBeTruthy();
  expect(within(rows[1]).queryByRole('combobox', { name: /^Role of/ })).toBeNull();
  expect(within(rows[1]).queryByRole('button', { name: /^Remove/ })).toBeNull();
  expect(within(rows[2]).getByText('bob@example.com')).toBeTruthy();

  await userEvent.click(within(rows[2]).getByRole('combobox', { name: 'Role of Bob' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Admin', hidden: true }));
  await waitFor(() => expect(calls.updateMemberRole).toHaveBeenCalledWith('acme', 'u2', 'admin'));

  // The browser's back action cancels the confirmation (spec 01 §4, confirm dialogs).
  await userEvent.click(within(rows[2]).getByRole('button', { name: 'Remove Bob' }));
  await screen.findByRole('dialog', { name: 'Remove member' });
  act(() => window.dispatchEvent(new PopStateEvent('popstate')));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove member' })).toBeNull());
  expect(calls.removeMember).not.toHaveBeenCalled();

  await userEvent.click(within(rows[2]).getByRole('button', { name: 'Remove Bob' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
  expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(calls.removeMember).toHaveBeenCalledWith('acme', 'u2'));
});

test('invitations: status and expiry; pending ones can be resent and revoked', async () => {
  const { calls, open } = setup();
  cleanup();
  open('/acme/tenant-settings/members/invitations');
  const table = await screen.findByRole('table', { name: 'Invitations' });
  const [, pending, accepted] = within(table).getAllByRole('row');
  expect(within(pending).getByText('Pending')).toBeTruthy();
  expect(within(accepted).getByText('Accepted')).toBeTruthy();
  expect(within(accepted).queryByRole('button')).toBeNull();

  await userEvent.click(within(pending).getByRole('button', { name: 'Resend the invitation to carol@example.com' }));
  await waitFor(() => expect(calls.resendInvitation).toHaveBeenCalledWith('acme', 'inv-1'));
  expect(await screen.findByText('Invitation sent')).toBeTruthy();

  await userEvent.click(within(await screen.findByRole('table', { name: 'Invitations' })).getByRole('button', { name: 'Revoke the invitation to carol@example.com' }));
  const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(calls.revokeInvitation).toHaveBeenCalledWith('acme', 'inv-1'));
});

test("invite: e-mail tags and a role are sent; 'Invitation sent', then the invitations list", async () => {
  const { calls, open } = setup();
  cleanup();
  const app = open('/acme/tenant-settings/members');
  await userEvent.click(await screen.findByRole('button', { name: 'Invite members' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite members' });
  expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
  expect(await within(dialog).findByText('Enter at least one e-mail address.')).toBeTruthy();
  expect(calls.createInvitations).not.toHaveBeenCalled();
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail addresses' }), 'carol@example.com{Enter}');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
  await waitFor(() => expect(calls.createInvitations).toHaveBeenCalledWith('acme', { invitee: ['carol@example.com'], roleName: 'collaborator' }));
  expect(await screen.findByText('Invitation sent')).toBeTruthy();
  await waitFor(() => expect(app.location()).toBe('/console/acme/tenant-settings/members/invitations'));
});

test("invite: a failure gives 'Invitation failed' and keeps what was typed", async () => {
  const { calls, open } = setup();
  calls.createInvitations.mockRejectedValueOnce(new ApiError('carol@example.com is already a member.', 409, { code: 'invitation.already_member', message: 'carol@example.com is already a member.' }));
  cleanup();
  open('/acme/tenant-settings/members');
  await userEvent.click(await screen.findByRole('button', { name: 'Invite members' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite members' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail addresses' }), 'carol@example.com{Enter}');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
  expect(await screen.findByText('Invitation failed')).toBeTruthy();
  expect(screen.getByText('carol@example.com is already a member.')).toBeTruthy();
  expect(within(screen.getByRole('dialog', { name: 'Invite members' })).getByText('carol@example.com')).toBeTruthy();
});

test('members: a removal refetches the member list, and a failed role change shows the server value again', async () => {
  const { calls, open } = setup();
  cleanup();
  open('/acme/tenant-settings/members');
  const rows = within(await screen.findByRole('table', { name: 'Members' })).getAllByRole('row');
  expect(calls.listMembers).toHaveBeenCalledTimes(1);

  calls.updateMemberRole.mockRejectedValueOnce(new ApiError('The last admin cannot leave.', 409, undefined));
  await userEvent.click(within(rows[2]!).getByRole('combobox', { name: 'Role of Bob' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Admin', hidden: true }));
  await waitFor(() => expect(calls.listMembers).toHaveBeenCalledTimes(2));

  calls.listMembers.mockResolvedValue([members[0]!]);
  await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Remove Bob' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove member' })).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Members' })).getAllByRole('row')).toHaveLength(2));
  expect(calls.listMembers).toHaveBeenCalledTimes(3);
});
