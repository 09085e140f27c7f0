import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tenantRoles } from '#schemas/constants.ts';
import { ApiError } from '#src/api/errors.ts';
import { testServices } from '../support/services.ts';
import { sampleInvitation, sampleTenant } from '../support/samples.ts';
import { createTestConsole } from '../support/console.tsx';
import { openConsole, signedInUserId, type ConsoleSetup } from './console.tsx';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const sandbox = sampleTenant('sandbox', { name: 'Sandbox' });
const acme = sampleTenant('acme', { name: 'Acme' });
const admin = [...tenantRoles.admin];
const collaborator = [...tenantRoles.collaborator];

/** The real routes and bindings; the API and the token functions are fakes the test controls. */
function open(path: string, setup: Partial<ConsoleSetup> & { tokenScopes?: string[] } = {}) {
  const tokens = {
    ...testServices({} as never).tenantTokens,
    organizationTokenScopes: vi.fn(async () => setup.tokenScopes ?? admin),
    clearAccessToken: vi.fn(async () => {}),
    signInWithConsent: vi.fn(async () => {}),
  };
  const signInAgain = vi.fn();
  const app = openConsole(path, {
    edition: 'cloud',
    tenants: [sandbox],
    ...setup,
    services: { tenantTokens: tokens, signInAgain, ...setup.services },
  });
  return { app, tokens, signInAgain };
}

/** The member's scopes on the server: `scopes` in Sandbox, an admin's elsewhere. */
const withScopes = (scopes: string[]): ConsoleSetup['api'] => (client) => ({
  members: {
    ...client.members,
    listMembers: async () => [],
    getMemberScopes: async (tenantId) => (tenantId === 'sandbox' ? scopes : admin).map((name) => ({ name })),
  },
});

test('accept: an invitation for another e-mail offers Switch account, which signs in again from here', async () => {
  const { signInAgain } = open('/accept/inv-1', {
    api: (client) => ({
      invitations: {
        ...client.invitations,
        getInvitation: async () => {
          throw new ApiError('Sent to another e-mail address.', 403, { code: 'invitation.email_mismatch', message: 'Sent to another e-mail address.' });
        },
      },
    }),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Switch account' }));
  expect(signInAgain).toHaveBeenCalledTimes(1);
});

test('accept: a pending invitation is accepted, the tenants reloaded, and the console opens the tenant', async () => {
  const accept = vi.fn(async () => sampleInvitation('inv-1', { tenantId: 'acme', status: 'Accepted' }));
  const { app } = open('/accept/inv-1', {
    roles: ['acme:collaborator'],
    api: (client) => ({
      invitations: { ...client.invitations, getInvitation: async () => sampleInvitation('inv-1', { tenantId: 'acme' }), acceptInvitation: accept },
      tenants: { ...client.tenants, listTenants: async () => [sandbox, acme] },
    }),
    tokenScopes: collaborator,
  });
  await waitFor(() => expect(app.location()).toBe('/console/acme/get-started'));
  expect(accept).toHaveBeenCalledWith('inv-1', expect.anything());
  await screen.findByRole('button', { name: /^Current tenant:\s*Acme/ });
});

test('accept: an unknown invitation and one that is no longer pending say so', async () => {
  open('/accept-invitation/inv-9', {
    api: (client) => ({
      invitations: {
        ...client.invitations,
        getInvitation: async () => {
          throw new ApiError('The invitation does not exist.', 404, { code: 'invitation.not_found', message: 'The invitation does not exist.' });
        },
      },
    }),
  });
  await screen.findByRole('heading', { level: 1, name: 'Invitation not found' });
  cleanup();
  open('/accept/inv-1', {
    api: (client) => ({ invitations: { ...client.invitations, getInvitation: async () => sampleInvitation('inv-1', { status: 'Revoked' }) } }),
  });
  await screen.findByRole('heading', { level: 1, name: 'Invalid invitation status' });
});

test('scopes: a token without the newly granted scopes signs in again for consent, once', async () => {
  const { tokens } = open('/sandbox/tenant-settings', { api: withScopes(admin), tokenScopes: collaborator });
  await waitFor(() => expect(tokens.signInWithConsent).toHaveBeenCalledTimes(1));
  expect(tokens.clearAccessToken).not.toHaveBeenCalled();
  cleanup();
  // Back from that sign-in with the token still short of the scopes: an error, not another round.
  const again = open('/sandbox/tenant-settings', { api: withScopes(admin), tokenScopes: collaborator });
  await screen.findByText("Signing in again did not give this tenant's token your current permissions.");
  expect(again.tokens.signInWithConsent).not.toHaveBeenCalled();
});

test('scopes: a token with scopes taken away loses only its access token, then the pages follow the server', async () => {
  const { tokens } = open('/sandbox/tenant-settings', { api: withScopes(collaborator), tokenScopes: admin });
  await screen.findByText('This tenant has no members.');
  expect(tokens.clearAccessToken).toHaveBeenCalledTimes(1);
  expect(tokens.organizationTokenScopes).toHaveBeenCalledTimes(2);
  expect(tokens.signInWithConsent).not.toHaveBeenCalled();
});

test('scopes: no scopes left (removed from the tenant) takes the tenant out of the list and goes to the root', async () => {
  const { app } = open('/sandbox/users', { tenants: [sandbox, acme], api: withScopes([]) });
  // The root opens the remaining tenant.
  await waitFor(() => expect(app.location()).toBe('/console/acme/get-started'));
  expect(app.router.options.context.tenants.map(({ id }) => id)).toEqual(['acme']);
});

test("scopes: the tenant's route asks for the member's scopes as it loads, before any page renders", async () => {
  const getMemberScopes = vi.fn(async () => admin.map((name) => ({ name })));
  const { router } = createTestConsole('/sandbox/api-resources', {
    edition: 'cloud',
    tenants: [sandbox],
    api: (client) => ({ members: { ...client.members, getMemberScopes } }),
  });
  await router.load();
  expect(getMemberScopes).toHaveBeenCalledWith('sandbox', signedInUserId);
});

test("scopes: the member's scopes are asked for once as the tenant opens (the check reads that answer), and again when the console comes back into view", async () => {
  const getMemberScopes = vi.fn(async () => admin.map((name) => ({ name })));
  const { tokens } = open('/sandbox/tenant-settings', { api: (client) => ({ members: { ...client.members, listMembers: async () => [], getMemberScopes } }) });
  await waitFor(() => expect(tokens.organizationTokenScopes).toHaveBeenCalledTimes(1));
  expect(getMemberScopes).toHaveBeenCalledTimes(1);
  window.dispatchEvent(new Event('focus'));
  await waitFor(() => expect(tokens.organizationTokenScopes).toHaveBeenCalledTimes(2));
  expect(getMemberScopes).toHaveBeenCalledTimes(2);
});
