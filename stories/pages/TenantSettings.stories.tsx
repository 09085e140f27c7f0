import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { isFullyShown, isWithinWindow } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { createTestConsole, signedInUserId, type ConsoleSetup } from '#tests/support/console.tsx';
import { sampleInvitation, sampleMember as member, sampleTenant } from '#tests/support/samples.ts';

/** Tenant settings inside the real console routes: Acme, where the user is admin, and Sandbox, where they collaborate. */
const setup: ConsoleSetup = {
  edition: 'cloud',
  tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' }), sampleTenant('sandbox', { name: 'Sandbox' })],
  roles: ['acme:admin', 'sandbox:collaborator'],
  api: (client) => ({
    members: {
      ...client.members,
      listMembers: async () => [member(signedInUserId, 'Ada', 'admin'), member('u2', 'Bob', 'collaborator')],
      getMemberScopes: async (tenantId) =>
        (tenantId === 'acme' ? ['read:member', 'invite:member', 'remove:member', 'update:member:role', 'manage:tenant'] : ['read:member']).map((name) => ({ name })),
    },
    invitations: {
      ...client.invitations,
      listMyInvitations: async () => [],
      listTenantInvitations: async () => [
        sampleInvitation('inv-1', { tenantId: 'acme', invitee: 'carol@example.com' }),
        sampleInvitation('inv-2', { tenantId: 'acme', invitee: 'dave@example.com', status: 'Expired' }),
      ],
    },
  }),
};

type Args = { path: string };

const meta: Meta<Args> = {
  title: 'Pages/Tenant settings',
  render: ({ path }) => createTestConsole(path, setup).element,
};

export default meta;
type Story = StoryObj<Args>;

export const Settings: Story = {
  args: { path: '/acme/tenant-settings' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Tenant name' })).toHaveValue('Acme');
    await expect(canvas.getByRole('group', { name: 'Environment' })).toHaveTextContent(/^Production$/);
    await expect(canvas.getByText('Europe (EU)')).toBeVisible();
    const tabs = canvas.getByRole('navigation', { name: 'Tenant settings tabs' });
    for (const tab of ['Settings', 'Members', 'Domains', 'Subscription', 'Billing history']) await expect(within(tabs).getByRole('link', { name: tab })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete tenant' })).toBeVisible();
  },
};

export const MembersAsAdmin: Story = {
  args: { path: '/acme/tenant-settings/members' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Members' });
    await expect(within(table).getByRole('combobox', { name: 'Role of Bob' })).toBeVisible();
    await expect(within(table).getByRole('button', { name: 'Remove Bob' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Invite members' })).toBeVisible();
  },
};

export const MembersAsCollaborator: Story = {
  args: { path: '/sandbox/tenant-settings' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Members' });
    // Roles as text, no actions, no invitations.
    await expect(within(table).queryByRole('combobox')).toBeNull();
    await expect(within(table).queryByRole('button')).toBeNull();
    await expect(within(table).getByText('Collaborator')).toBeVisible();
    const tabs = canvas.getByRole('navigation', { name: 'Tenant settings tabs' });
    await expect(within(tabs).queryByRole('link', { name: 'Settings' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Invite members' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Invitations' })).toBeNull();
  },
};

export const Invitations: Story = {
  args: { path: '/acme/tenant-settings/members/invitations' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Invitations' });
    await expect(within(table).getByRole('button', { name: 'Revoke the invitation to carol@example.com' })).toBeVisible();
    await expect(within(table).getByRole('button', { name: 'Resend the invitation to dave@example.com' })).toBeVisible();
    await expect(within(table).queryByRole('button', { name: 'Revoke the invitation to dave@example.com' })).toBeNull();
  },
};

export const UnknownMembersPath: Story = {
  args: { path: '/acme/tenant-settings/members/unknown' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  },
};

/** At 375 px the tabs wrap onto a second row: every tab shows whole. */
export const SettingsOnAPhone: Story = {
  ...Settings,
  globals: atPhoneWidth,
  play: async (context) => {
    await Settings.play?.(context);
    const tabs = within(context.canvas.getByRole('navigation', { name: 'Tenant settings tabs' })).getAllByRole('link');
    for (const tab of tabs) await expect(isFullyShown(tab)).toBe(true);
  },
};

export const MembersOnAPhone: Story = { ...MembersAsAdmin, globals: atPhoneWidth };

/** The current tab, at the end of the row, is in view. */
export const BillingHistoryOnAPhone: Story = {
  args: { path: '/acme/tenant-settings/billing-history' },
  globals: atPhoneWidth,
  play: async ({ canvas }) => {
    const tabs = await canvas.findByRole('navigation', { name: 'Tenant settings tabs' });
    await expect(within(tabs).getByRole('link', { name: 'Billing history' })).toHaveAttribute('aria-current', 'page');
    await expect(isWithinWindow(within(tabs).getByRole('link', { name: 'Billing history' }))).toBe(true);
  },
};
