// @vitest-environment node
import { afterAll, beforeAll, expect, test } from 'vitest';
import { i18n } from '@lingui/core';
import { messages } from '../../locales/en/messages.po';
import { tenantRoles, tenantScopes } from '#schemas/constants.ts';
import type { ConsoleSession } from '../support/oidc-client.ts';
import { readDevMailbox } from '../support/server.ts';
import { apiFailure, consoleApiClient } from '../support/console-api.ts';
import { signUpUser, startTestServer, type TestServer, type TestUser } from '../server/support.ts';

/** The console's tenant, member and invitation functions against the real server (paths, tokens, bodies, shapes). */
let server: TestServer;
let owner: TestUser;
let invitee: TestUser;
let toasts: string[];

const clientOf = (session: ConsoleSession) => consoleApiClient(server.url, session, toasts);

const failure = async (promise: Promise<unknown>) => {
  const { status, code } = await apiFailure(promise);
  return { status, code };
};

beforeAll(async () => {
  i18n.loadAndActivate({ locale: 'en', messages });
  toasts = [];
  server = await startTestServer('cloud');
  [owner, invitee] = await Promise.all([signUpUser(server, 'owner'), signUpUser(server, 'invitee')]);
}, 60_000);
afterAll(() => server?.close());

test('tenants, invitations and members through the console API', { timeout: 60_000 }, async () => {
  const api = clientOf(owner.session);
  const guest = clientOf(invitee.session);

  const tenant = await api.tenants.createTenant({ name: 'Acme', regionName: 'AU' });
  expect(api.cloud.getTenants).toBe(api.tenants.listTenants);
  expect((await api.tenants.updateTenant(tenant.id, { name: 'Acme Inc' })).name).toBe('Acme Inc');
  expect(await api.tenants.getTenantEndpoint(tenant.id)).toEqual({ user: `${server.url}/t/${tenant.id}` });

  const [invitation] = await api.invitations.createInvitations(tenant.id, { invitee: [invitee.email], roleName: 'collaborator' });
  expect((await readDevMailbox(server.devMailboxUrl, invitee.email))[0]!.links).toEqual([`${server.url}/console/accept/${invitation!.id}`]);
  expect((await api.invitations.listTenantInvitations(tenant.id)).map((item) => item.id)).toEqual([invitation!.id]);
  expect((await api.invitations.resendInvitation(tenant.id, invitation!.id)).status).toBe('Pending');

  expect((await guest.invitations.listMyInvitations()).map((item) => [item.tenantName, item.status])).toEqual([['Acme Inc', 'Pending']]);
  expect((await guest.invitations.getInvitation(invitation!.id)).roleName).toBe('collaborator');
  expect((await guest.invitations.acceptInvitation(invitation!.id)).status).toBe('Accepted');
  expect((await guest.tenants.listTenants()).map((item) => item.id)).toEqual([tenant.id]);

  expect((await api.members.listMembers(tenant.id)).map((member) => [member.id, member.role])).toEqual([
    [owner.id, 'admin'],
    [invitee.id, 'collaborator'],
  ]);
  const names = async () => (await guest.members.getMemberScopes(tenant.id, invitee.id)).map((scope) => scope.name).sort();
  expect(await names()).toEqual([...tenantRoles.collaborator].sort());
  expect((await api.members.updateMemberRole(tenant.id, invitee.id, 'admin')).role).toBe('admin');
  expect(await names()).toEqual([...tenantScopes].sort());
  expect((await api.members.updateMemberRole(tenant.id, invitee.id, 'collaborator')).role).toBe('collaborator');

  const [other] = await api.invitations.createInvitations(tenant.id, { invitee: ['someone@example.com'], roleName: 'admin' });
  expect((await api.invitations.revokeInvitation(tenant.id, other!.id)).status).toBe('Revoked');
  expect(toasts).toEqual([]);

  // The collaborator's invitation fails without a toast (the caller shows 'invitation failed'); other failures toast.
  expect(await failure(guest.invitations.createInvitations(tenant.id, { invitee: ['x@example.com'], roleName: 'collaborator' }))).toEqual({
    status: 403,
    code: 'tenant.permission_denied',
  });
  expect(toasts).toEqual([]);
  expect(await failure(guest.tenants.updateTenant(tenant.id, { name: 'Mine' }))).toEqual({ status: 403, code: 'tenant.permission_denied' });
  expect(toasts).toHaveLength(1);
  expect(toasts[0]).toContain('manage:tenant');

  await guest.members.removeMember(tenant.id, invitee.id);
  expect(await names()).toEqual([]);
  await api.tenants.deleteTenant(tenant.id);
  expect(await api.tenants.listTenants()).toEqual([]);
  expect(await failure(api.tenants.getTenantEndpoint(tenant.id))).toEqual({ status: 404, code: 'tenant.not_found' });
});
