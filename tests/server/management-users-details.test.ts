import { verify } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { totalNumberHeader } from '#schemas/paging.ts';
import { roleListItemGuard } from '#schemas/role.ts';
import { createdUserGuard, mfaVerificationGuard, tenantUserGuard, userIdentitiesGuard, userRoleChangesGuard } from '#schemas/tenant-user.ts';
import { users } from '#server/db/idp.ts';
import type { ManagementApi } from './contract/management-resource.ts';
import { insertRoles } from './idp-rows.ts';
import { expectError, type TestServer } from './support.ts';
import { startUsersServer, userRequests } from './management-users-support.ts';

let server: TestServer;
let api: ManagementApi;

beforeAll(async () => ({ server, api } = await startUsersServer()));
afterAll(() => server?.close());

const { request, created, rowOf, logsOf, unique } = userRequests(() => server, () => api);

describe('details and changes', () => {
  test('PATCH clears identifiers with "" or null, replaces custom data and profile, and refuses an identifier in use', async () => {
    const name = unique('cid_');
    const user = await created({ username: name, primaryEmail: `${name}@example.com`, customData: { plan: 'free', seats: 1 }, profile: { givenName: 'Cid' } });
    const response = await request('PATCH', `/users/${user.id}`, {
      primaryEmail: '',
      name: null,
      primaryPhone: '+33 1 23 45 67 89',
      customData: { plan: 'gold' },
      profile: { familyName: 'Lee', address: { country: 'FR' } },
    });
    expect(response.status).toBe(200);
    expect(tenantUserGuard.parse(await response.json())).toMatchObject({
      username: name,
      primaryEmail: null,
      name: null,
      primaryPhone: '33123456789',
      customData: { plan: 'gold' },
      profile: { familyName: 'Lee', address: { country: 'FR' } },
    });
    const taken = unique('taken_');
    await created({ username: taken });
    const error = await expectError(await request('PATCH', `/users/${user.id}`, { username: taken }), 422, 'user.username_already_in_use');
    expect(error.details).toEqual([expect.objectContaining({ path: 'username' })]);
    expect((await rowOf(user.id))!.username).toBe(name);
  });

  test('custom data and profile have their own routes answering the object; unknown profile keys are a 400 naming them', async () => {
    const user = await created({ username: unique('dee_') });
    const data = await request('PATCH', `/users/${user.id}/custom-data`, { customData: { theme: 'dark' } });
    expect(await data.json()).toEqual({ theme: 'dark' });
    const profile = await request('PATCH', `/users/${user.id}/profile`, { profile: { givenName: 'Dee', nickname: 'D' } });
    expect(await profile.json()).toEqual({ givenName: 'Dee', nickname: 'D' });
    const unknown = await expectError(await request('PATCH', `/users/${user.id}/profile`, { profile: { givenName: 'Dee', familyname: 'Lee' } }), 400, 'guard.invalid_input');
    expect(unknown.details).toEqual([expect.objectContaining({ path: 'profile', code: 'unrecognized_keys', keys: ['familyname'] })]);
    const nested = await expectError(await request('PATCH', `/users/${user.id}`, { profile: { address: { town: 'X' } } }), 400, 'guard.invalid_input');
    expect(nested.details).toEqual([expect.objectContaining({ path: 'profile.address', keys: ['town'] })]);
    expect((await rowOf(user.id))!.profile).toEqual({ givenName: 'Dee', nickname: 'D' });
  });

  test('has-password, password/generate (shown once), and 404 for unknown ids', async () => {
    const digestless = await created({ username: unique('eve_') });
    expect(await (await request('GET', `/users/${digestless.id}/has-password`)).json()).toEqual({ hasPassword: true });
    const generated = await request('POST', `/users/${digestless.id}/password/generate`);
    const answer = createdUserGuard.parse(await generated.json());
    expect(answer.password).toHaveLength(16);
    expect(answer.password).not.toBe(digestless.password);
    expect(await verify((await rowOf(digestless.id))!.passwordEncrypted!, answer.password!)).toBe(true);
    expect(await (await request('GET', `/users/${digestless.id}`)).text()).not.toContain(answer.password!);
    for (const [method, path] of [
      ['GET', '/users/nosuchuser00'],
      ['GET', '/users/nosuchuser00/has-password'],
      ['POST', '/users/nosuchuser00/password/generate'],
      ['GET', '/users/nosuchuser00/organizations'],
      ['GET', '/users/nosuchuser00/mfa-verifications'],
      ['GET', '/users/nosuchuser00/identities'],
      ['GET', '/users/nosuchuser00/roles'],
      ['DELETE', '/users/nosuchuser00'],
    ] as const) {
      await expectError(await request(method, path), 404, 'entity.not_exists_with_id');
    }
  });

  test('organizations: none until organizations exist', async () => {
    const user = await created({ username: unique('org_') });
    expect(await (await request('GET', `/users/${user.id}/organizations`)).json()).toEqual([]);
  });

  test('MFA factors are listed without secrets; removing the last authenticator app or passkey removes the backup codes', async () => {
    const user = await created({ username: unique('mfa_') });
    const factors = [
      { id: 'totp1', type: 'Totp', key: 'TOTPSECRETKEY', createdAt: '2025-01-01T00:00:00.000Z', lastUsedAt: '2025-02-01T00:00:00.000Z' },
      { id: 'key1', type: 'WebAuthn', credentialId: 'cred', publicKey: 'PUBLICKEYVALUE', counter: 3, transports: [], agent: 'Firefox', name: 'Laptop', createdAt: '2025-01-02T00:00:00.000Z' },
      { id: 'codes1', type: 'BackupCode', codes: [{ code: 'CODEONE' }, { code: 'CODETWO', usedAt: '2025-03-01T00:00:00.000Z' }], createdAt: '2025-01-03T00:00:00.000Z' },
    ];
    await server.db.update(users).set({ mfaVerifications: factors }).where(and(eq(users.tenantId, api.tenantId), eq(users.id, user.id)));
    const listed = await request('GET', `/users/${user.id}/mfa-verifications`);
    const text = await listed.text();
    for (const secret of ['TOTPSECRETKEY', 'PUBLICKEYVALUE', 'CODEONE', 'cred']) expect(text).not.toContain(secret);
    expect(JSON.parse(text).map((factor: unknown) => mfaVerificationGuard.parse(factor))).toEqual([
      { id: 'totp1', type: 'Totp', createdAt: '2025-01-01T00:00:00.000Z', lastUsedAt: '2025-02-01T00:00:00.000Z' },
      { id: 'key1', type: 'WebAuthn', createdAt: '2025-01-02T00:00:00.000Z', name: 'Laptop', agent: 'Firefox' },
      { id: 'codes1', type: 'BackupCode', createdAt: '2025-01-03T00:00:00.000Z', remainCodes: 1 },
    ]);
    expect((await request('DELETE', `/users/${user.id}/mfa-verifications/totp1`)).status).toBe(204);
    expect(((await rowOf(user.id))!.mfaVerifications as { id: string }[]).map((factor) => factor.id)).toEqual(['key1', 'codes1']);
    expect((await request('DELETE', `/users/${user.id}/mfa-verifications/key1`)).status).toBe(204);
    expect((await rowOf(user.id))!.mfaVerifications).toEqual([]);
    await expectError(await request('DELETE', `/users/${user.id}/mfa-verifications/key1`), 404, 'entity.not_exists_with_id');
    const [log] = (await logsOf(user.id)).filter((row) => row.key === 'Management.User.MfaVerificationDeleted').slice(-1);
    expect(log!.payload.changes).toEqual({
      mfaVerifications: { from: [{ id: 'key1', type: 'WebAuthn' }, { id: 'codes1', type: 'BackupCode' }], to: [] },
    });
  });

  test('social identities: linked by hand, one user per identity, removed; SSO identities: none to remove', async () => {
    const user = await created({ username: unique('soc_') });
    const other = await created({ username: unique('soc_') });
    const linked = await request('PUT', `/users/${user.id}/identities/github`, { userId: '4242', details: { login: 'octo' } });
    expect(await linked.json()).toEqual({ github: { userId: '4242', details: { login: 'octo' } } });
    await expectError(await request('PUT', `/users/${other.id}/identities/github`, { userId: '4242' }), 422, 'user.identity_already_in_use');
    expect(userIdentitiesGuard.parse(await (await request('GET', `/users/${user.id}/identities`)).json())).toEqual({
      socialIdentities: [{ target: 'github', identity: { userId: '4242', details: { login: 'octo' } } }],
      ssoIdentities: [],
    });
    const removed = await request('DELETE', `/users/${user.id}/identities/github`);
    expect(tenantUserGuard.parse(await removed.json()).identities).toEqual({});
    await expectError(await request('DELETE', `/users/${user.id}/identities/github`), 404, 'user.identity_not_exist');
    expect((await request('PUT', `/users/${other.id}/identities/github`, { userId: '4242' })).status).toBe(200);
    expect(await (await request('GET', `/users/${user.id}?includeSsoIdentities=true`)).json()).toMatchObject({ ssoIdentities: [] });
    expect(await (await request('GET', `/users/${user.id}`)).json()).not.toHaveProperty('ssoIdentities');
    await expectError(await request('DELETE', `/users/${user.id}/sso-identities/acme`), 404, 'user.identity_not_exist');
    await expectError(await request('DELETE', '/users/nosuchuser00/sso-identities/acme'), 404, 'entity.not_exists_with_id');
  });

  test('roles: user roles only, held ones skipped, replaced with PUT, removed one by one', async () => {
    const user = await created({ username: unique('rol_') });
    const [reader, writer, auditor] = await insertRoles(server, api.tenantId, 'User', [unique('Reader '), unique('Writer '), unique('Auditor ')]);
    const [machine] = await insertRoles(server, api.tenantId, 'MachineToMachine', [unique('Machine ')]);
    const add = async (roleIds: string[]) => userRoleChangesGuard.parse(await (await request('POST', `/users/${user.id}/roles`, { roleIds })).json());
    expect(await add([reader!, writer!, reader!])).toEqual({ roleIds: [reader, writer], addedRoleIds: [reader, writer] });
    expect(await add([writer!])).toEqual({ roleIds: [writer], addedRoleIds: [] });
    await expectError(await request('POST', `/users/${user.id}/roles`, { roleIds: [auditor, machine] }), 422, 'user.invalid_role_type');
    await expectError(await request('POST', `/users/${user.id}/roles`, { roleIds: ['nosuchrole'] }), 404, 'entity.not_exists_with_id');
    const listed = await request('GET', `/users/${user.id}/roles`);
    expect(listed.headers.get(totalNumberHeader)).toBe('2');
    expect(((await listed.json()) as unknown[]).map((role) => roleListItemGuard.parse(role).id).sort()).toEqual([reader, writer].sort());
    const replaced = await request('PUT', `/users/${user.id}/roles`, { roleIds: [writer, auditor] });
    expect(replaced.status).toBe(200);
    expect(userRoleChangesGuard.parse(await replaced.json())).toEqual({ roleIds: [writer, auditor], addedRoleIds: [auditor], removedRoleIds: [reader] });
    expect((await request('DELETE', `/users/${user.id}/roles/${writer}`)).status).toBe(204);
    await expectError(await request('DELETE', `/users/${user.id}/roles/${writer}`), 404, 'entity.not_exists_with_id');
    const log = (await logsOf(user.id)).filter((row) => row.key === 'Management.User.RolesUpdated').at(-1)!;
    expect(log.payload.changes).toEqual({ roleIds: { from: [writer, auditor], to: [auditor] } });
  });
});
