// PostgreSQL pass: two admins demote each other at once
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf, tenantRoles, tenantScopes } from '#schemas/constants.ts';
import { insufficientPermissionsMessage } from '#schemas/error.ts';
import { invitationGuard } from '#schemas/invitation.ts';
import { tenantMemberGuard, tenantMemberScopeGuard } from '#schemas/member.ts';
import { tenantGuard } from '#schemas/tenant.ts';
import { tenantMembers } from '#server/db/schema.ts';
import { decodeJwt } from '../support/oidc-client.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';

let server: TestServer;
let admin: TestUser;
let collaborator: TestUser;
let stranger: TestUser;
let tenantId: string;

const api = (path: string) => `${server.url}/api${path}`;
const members = (tenant = tenantId) => api(`/tenants/${tenant}/members`);
const membershipRows = async () =>
  (await server.db.select().from(tenantMembers).where(eq(tenantMembers.tenantId, tenantId))).map((row) => `${row.userId}:${row.role}`).sort();

const createTenant = async (user: TestUser, name: string) =>
  tenantGuard.parse(await (await call(api('/tenants'), await user.cloudToken(), 'POST', { name })).json()).id;

/** Joins the tenant through the real invitation flow. */
const join = async (user: TestUser, tenant: string, roleName: 'admin' | 'collaborator') => {
  const response = await call(api(`/tenants/${tenant}/invitations`), await admin.cloudToken(), 'POST', { invitee: [user.email], roleName });
  const [invitation] = z.array(invitationGuard).parse(await response.json());
  expect((await call(api(`/invitations/${invitation!.id}/status`), await user.cloudToken(), 'PATCH', { status: 'Accepted' })).status).toBe(200);
};

const setRole = async (by: TestUser, userId: string, roleName: unknown, tenant = tenantId) =>
  call(`${members(tenant)}/${userId}/roles`, await by.cloudToken(), 'PUT', { roleName });

const scopesOf = async (by: TestUser, userId: string, token?: string) => {
  const response = await call(`${members()}/${userId}/scopes`, token ?? (await by.cloudToken()), 'GET');
  expect(response.status).toBe(200);
  return z.array(tenantMemberScopeGuard).parse(await response.json()).map((scope) => scope.name).sort();
};

const organizationScopes = async (user: TestUser) =>
  String(decodeJwt(await user.session.organizationToken(organizationIdOf(tenantId))).scope).split(' ').sort();

beforeAll(async () => {
  server = await startTestServer('cloud');
  [admin, collaborator, stranger] = await Promise.all([signUpUser(server, 'admin'), signUpUser(server, 'collab'), signUpUser(server, 'stranger')]);
  tenantId = await createTenant(admin, 'Acme');
  await join(collaborator, tenantId, 'collaborator');
});
afterAll(() => server?.close());

describe('GET /api/tenants/{tenantId}/members', () => {
  test('lists the members with their roles, to every member, with the cloud or the organization token', async () => {
    for (const token of [await admin.cloudToken(), await collaborator.session.organizationToken(organizationIdOf(tenantId))]) {
      const response = await call(members(), token, 'GET');
      expect(response.status).toBe(200);
      const list = z.array(tenantMemberGuard).parse(await response.json());
      expect(list.map((member) => [member.id, member.primaryEmail, member.role])).toEqual([
        [admin.id, admin.email, 'admin'],
        [collaborator.id, collaborator.email, 'collaborator'],
      ]);
    }
  });

  test('a stranger, an unknown tenant and another tenant\'s organization token are refused', async () => {
    await expectError(await call(members(), await stranger.cloudToken(), 'GET'), 404, 'tenant.not_found');
    await expectError(await call(members('unknowntenant'), await admin.cloudToken(), 'GET'), 404, 'tenant.not_found');
    const own = await createTenant(stranger, 'Elsewhere');
    const foreignToken = await stranger.session.organizationToken(organizationIdOf(own));
    await expectError(await call(members(), foreignToken, 'GET'), 401, 'auth.unauthorized');
    await expectError(await call(members(), undefined, 'GET'), 401, 'auth.authorization_header_missing');
  });
});

describe('GET /api/tenants/{tenantId}/members/{userId}/scopes', () => {
  test('answers the scopes of the member\'s role', async () => {
    expect(await scopesOf(admin, admin.id)).toEqual([...tenantScopes].sort());
    expect(await scopesOf(collaborator, collaborator.id)).toEqual([...tenantRoles.collaborator].sort());
    expect(await scopesOf(collaborator, admin.id)).toEqual([...tenantScopes].sort());
  });

  test('one\'s own scopes are empty outside the tenant; someone else\'s are 404 to strangers and for non-members', async () => {
    expect(await scopesOf(stranger, stranger.id)).toEqual([]);
    await expectError(await call(`${members()}/${admin.id}/scopes`, await stranger.cloudToken(), 'GET'), 404, 'tenant.not_found');
    await expectError(await call(`${members()}/${stranger.id}/scopes`, await admin.cloudToken(), 'GET'), 404, 'tenant.member_not_found');
  });
});

describe('PUT /api/tenants/{tenantId}/members/{userId}/roles', () => {
  test('bad bodies are 400; nothing changes', async () => {
    const before = await membershipRows();
    for (const roleName of ['owner', 42, null, undefined]) {
      await expectError(await setRole(admin, collaborator.id, roleName), 400, 'guard.invalid_input');
    }
    const malformed = await call(`${members()}/${collaborator.id}/roles`, await admin.cloudToken(), 'PUT', '{"roleName":');
    await expectError(malformed, 400, 'guard.invalid_json');
    expect(await membershipRows()).toEqual(before);
  });

  test('a collaborator gets 403 tenant.permission_denied, a stranger 404, an unknown member 404; nothing changes', async () => {
    const before = await membershipRows();
    const denied = await expectError(await setRole(collaborator, collaborator.id, 'admin'), 403, 'tenant.permission_denied');
    expect(denied.message).not.toBe(insufficientPermissionsMessage);
    await expectError(await setRole(stranger, collaborator.id, 'admin'), 404, 'tenant.not_found');
    await expectError(await setRole(admin, stranger.id, 'admin'), 404, 'tenant.member_not_found');
    expect(await membershipRows()).toEqual(before);
  });

  test('the last admin cannot be demoted (409)', async () => {
    const before = await membershipRows();
    await expectError(await setRole(admin, admin.id, 'collaborator'), 409, 'tenant.last_admin');
    expect(await membershipRows()).toEqual(before);
  });

  test('a promotion shows in the member scopes, the next organization token and the ID token; then back', async () => {
    const staleToken = await collaborator.session.organizationToken(organizationIdOf(tenantId));
    const response = await setRole(admin, collaborator.id, 'admin');
    expect(tenantMemberGuard.parse(await response.json())).toMatchObject({ id: collaborator.id, role: 'admin' });
    expect(await scopesOf(collaborator, collaborator.id)).toEqual([...tenantScopes].sort());
    expect(await organizationScopes(collaborator)).toEqual([...tenantScopes].sort());
    expect(decodeJwt((await collaborator.session.refresh()).body.id_token!).organization_roles).toEqual([`${tenantId}:admin`]);

    expect((await setRole(admin, collaborator.id, 'collaborator')).status).toBe(200);
    expect(await organizationScopes(collaborator)).toEqual([...tenantRoles.collaborator].sort());
    // A token issued while the member was an admin grants nothing more: the current role decides.
    await expectError(
      await call(api(`/tenants/${tenantId}/invitations`), staleToken, 'POST', { invitee: ['x@example.com'], roleName: 'admin' }),
      403,
      'tenant.permission_denied',
    );
    await expectError(await setRole(collaborator, admin.id, 'collaborator'), 403, 'tenant.permission_denied');
  });

  test('two admins demoting each other at the same moment leave one admin', async () => {
    const second = await signUpUser(server, 'second');
    await join(second, tenantId, 'admin');
    const results = await Promise.all([setRole(admin, second.id, 'collaborator'), setRole(second, admin.id, 'collaborator')]);
    // The later one finds its caller demoted (403) or its target the last admin (409), depending on the interleaving.
    const [succeeded, refused] = results.map((response) => response.status).sort();
    expect(succeeded).toBe(200);
    expect([403, 409]).toContain(refused);
    const admins = (await membershipRows()).filter((row) => row.endsWith(':admin'));
    expect(admins).toHaveLength(1);
    // Whoever is the admin now restores the starting point.
    if (!admins[0]!.startsWith(admin.id)) expect((await setRole(second, admin.id, 'admin')).status).toBe(200);
    expect((await call(`${members()}/${second.id}`, await admin.cloudToken(), 'DELETE')).status).toBe(204);
  });
});

describe('DELETE /api/tenants/{tenantId}/members/{userId}', () => {
  test('a collaborator cannot remove others (403); a stranger gets 404; nothing changes', async () => {
    const before = await membershipRows();
    await expectError(await call(`${members()}/${admin.id}`, await collaborator.cloudToken(), 'DELETE'), 403, 'tenant.permission_denied');
    await expectError(await call(`${members()}/${collaborator.id}`, await stranger.cloudToken(), 'DELETE'), 404, 'tenant.not_found');
    await expectError(await call(`${members()}/${stranger.id}`, await admin.cloudToken(), 'DELETE'), 404, 'tenant.member_not_found');
    expect(await membershipRows()).toEqual(before);
  });

  test('the last admin cannot leave or be removed (409)', async () => {
    const before = await membershipRows();
    await expectError(await call(`${members()}/${admin.id}`, await admin.cloudToken(), 'DELETE'), 409, 'tenant.last_admin');
    expect(await membershipRows()).toEqual(before);
  });

  test('a member may leave on their own', async () => {
    const leaver = await signUpUser(server, 'leaver');
    await join(leaver, tenantId, 'collaborator');
    const orgToken = await leaver.session.organizationToken(organizationIdOf(tenantId));
    expect((await call(`${members()}/${leaver.id}`, orgToken, 'DELETE')).status).toBe(204);
    expect(await membershipRows()).not.toContain(`${leaver.id}:collaborator`);
  });

  test('a removed member loses the tenant: no organization token (invalid_grant), empty scopes, 404 with an old token', async () => {
    const orgToken = await collaborator.session.organizationToken(organizationIdOf(tenantId));
    expect((await call(`${members()}/${collaborator.id}`, await admin.cloudToken(), 'DELETE')).status).toBe(204);
    const { status, body } = await collaborator.session.refresh({ organizationId: organizationIdOf(tenantId) });
    expect([status, body.error]).toEqual([400, 'invalid_grant']);
    expect(await scopesOf(collaborator, collaborator.id)).toEqual([]);
    await expectError(await call(members(), orgToken, 'GET'), 404, 'tenant.not_found');
    const tenants = z.array(tenantGuard).parse(await (await call(api('/tenants'), await collaborator.cloudToken(), 'GET')).json());
    expect(tenants).toEqual([]);
    const [row] = await server.db.select({ value: count() }).from(tenantMembers).where(eq(tenantMembers.userId, collaborator.id));
    expect(row!.value).toBe(0);
  });
});
