import { verify } from '@node-rs/argon2';
import { hashSync } from 'bcryptjs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { redacted } from '#schemas/log.ts';
import { checkPassword } from '#schemas/password-policy.ts';
import { totalNumberHeader } from '#schemas/paging.ts';
import { planIds } from '#schemas/quota.ts';
import { roleListItemGuard } from '#schemas/role.ts';
import {
  countCap,
  createdUserGuard,
  mfaVerificationGuard,
  tenantUserGuard,
  tenantUserListItemGuard,
  totalNumberIsCappedHeader,
  userIdentitiesGuard,
  userRoleChangesGuard,
} from '#schemas/tenant-user.ts';
import { users } from '#server/db/idp.ts';
import { logs } from '#server/db/idp/logs.ts';
import { describeManagementResource, openTenant, type ManagementApi } from './contract/management-resource.ts';
import { insertRoles, insertUsers, userRoleRows, userRows } from './idp-rows.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

describeManagementResource({
  name: 'users',
  collection: async (api) => `${api.base}/users`,
  create: (n) => ({ username: `shopper_${n}`, primaryEmail: `shopper-${n}@example.com`, name: `Shopper ${n}` }),
  search: (n) => `Shopper-${n}@`,
  invalid: { body: { primaryEmail: 'not an e-mail' }, path: 'primaryEmail' },
  patch: { name: 'Changed' },
  rows: userRows,
});

/** The roles a user's role collection is made of, by the collection's URL: made in the database. */
const assignable = new Map<string, string[]>();

describeManagementResource({
  name: 'user roles',
  collection: async (api) => {
    const [userId] = await insertUsers(api.server, api.tenantId, [`holder_${api.tenantId}`]);
    const collection = `${api.base}/users/${userId}/roles`;
    assignable.set(collection, await insertRoles(api.server, api.tenantId, 'User', Array.from({ length: 12 }, (_, n) => `Editor ${n}`)));
    return collection;
  },
  create: (n, collection) => ({ roleIds: [assignable.get(collection)![n]] }),
  search: (n) => `editor ${n}`,
  invalid: { body: { roleIds: [] }, path: 'roleIds' },
  itemGet: false,
  rows: userRoleRows,
});

let server: TestServer;
let admin: TestUser;
let api: ManagementApi;

beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await signUpUser(server, 'users');
  api = await openTenant(server, admin, planIds.development);
});
afterAll(() => server?.close());

const request = (method: string, path: string, body?: unknown, target = api) => call(`${target.base}${path}`, target.token, method, body);

const created = async (body: Record<string, unknown>, target = api) => {
  const response = await request('POST', '/users', body, target);
  expect(response.status).toBe(201);
  return createdUserGuard.parse(await response.json());
};

const rowOf = async (id: string, tenantId = api.tenantId) =>
  (await server.db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))))[0];

const logsOf = async (userId: string) =>
  server.db.select().from(logs).where(and(eq(logs.tenantId, api.tenantId), eq(logs.userId, userId))).orderBy(logs.createdAt);

let counter = 0;
const unique = (prefix: string) => `${prefix}${(counter += 1)}_${Date.now().toString(36)}`;

describe('create', () => {
  test('stores the e-mail lower-cased and the phone as digits, gives the default roles, and answers a generated password once', async () => {
    const own = await openTenant(server, admin, planIds.development);
    const [defaultRole] = await insertRoles(server, own.tenantId, 'User', ['Default']);
    await insertRoles(server, own.tenantId, 'User', ['Not default']);
    await server.db.execute(sql`update idp.roles set is_default = true where tenant_id = ${own.tenantId} and id = ${defaultRole}`);
    const username = unique('ann_');
    const user = await created({ username, primaryEmail: `${username}@Example.COM`, primaryPhone: '+1 (555) 010-2030', name: 'Ann Lee' }, own);
    expect(user).toMatchObject({ username, primaryEmail: `${username}@example.com`, primaryPhone: '15550102030', name: 'Ann Lee', hasPassword: true });
    expect(user.id).toMatch(/^[a-z0-9]{12}$/);

    const password = user.password!;
    expect(password).toHaveLength(16);
    for (const type of [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/]) expect(password).toMatch(type);
    expect(checkPassword(password, { username, email: user.primaryEmail, name: user.name })).toEqual([]);
    const row = (await rowOf(user.id, own.tenantId))!;
    expect(row.passwordEncryptionMethod).toBe('Argon2id');
    expect(row.passwordEncrypted).not.toContain(password);
    expect(await verify(row.passwordEncrypted!, password)).toBe(true);

    const fetched = await request('GET', `/users/${user.id}`, undefined, own);
    const text = await fetched.text();
    expect(text).not.toContain(password);
    expect(text).not.toContain(row.passwordEncrypted!);
    expect(tenantUserGuard.parse(JSON.parse(text))).not.toHaveProperty('password');
    expect((await (await request('GET', `/users/${user.id}/roles`, undefined, own)).json()) as { id: string }[]).toEqual([expect.objectContaining({ id: defaultRole })]);
  });

  test('two users get two different generated passwords', async () => {
    const first = await created({ username: unique('gen_') });
    const second = await created({ username: unique('gen_') });
    expect(first.password).not.toBe(second.password);
  });

  test('needs an identifier: 400 user.missing_identifier, nothing written', async () => {
    const before = await userRows(server, api.tenantId);
    await expectError(await request('POST', '/users', { name: 'Nobody' }), 400, 'user.missing_identifier');
    expect(await userRows(server, api.tenantId)).toEqual(before);
  });

  test('identifiers are unique per tenant, compared as stored; the error names the field', async () => {
    const name = unique('bob_');
    await created({ username: name, primaryEmail: `${name}@example.com`, primaryPhone: '+44 20 7946 0000' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ primaryEmail: `${name.toUpperCase()}@EXAMPLE.com` }, 'user.email_already_in_use', 'primaryEmail'],
      [{ primaryPhone: '442079460000' }, 'user.phone_already_in_use', 'primaryPhone'],
      [{ username: name }, 'user.username_already_in_use', 'username'],
    ];
    for (const [body, code, path] of cases) {
      const error = await expectError(await request('POST', '/users', body), 422, code);
      expect(error.details).toEqual([expect.objectContaining({ path, code })]);
    }
    const other = await openTenant(server, admin, planIds.development);
    expect((await created({ username: name, primaryEmail: `${name}@example.com` }, other)).username).toBe(name);
  });

  test("a given password meets the tenant's policy, and is not answered", async () => {
    const username = unique('pat_');
    const short = await expectError(await request('POST', '/users', { username, password: 'Ab1!' }), 422, 'password.rejected');
    expect(short.details).toEqual({ codes: ['too_short'] });
    const personal = await expectError(await request('POST', '/users', { username, password: `${username}-Zq9!` }), 422, 'password.rejected');
    expect(personal.details).toEqual({ codes: ['restricted.user_info'] });
    const user = await created({ username, password: 'Correct-Horse-42' });
    expect(user).not.toHaveProperty('password');
    expect(await verify((await rowOf(user.id))!.passwordEncrypted!, 'Correct-Horse-42')).toBe(true);
  });

  test('imports a digest with its algorithm; refuses both a password and a digest, a digest alone and a malformed digest', async () => {
    const sha = 'a9993e364706816aba3e25717850c26c9cd0d89d';
    const username = unique('imp_');
    await expectError(await request('POST', '/users', { username, password: 'Correct-Horse-42', passwordDigest: sha, passwordAlgorithm: 'SHA1' }), 400, 'user.password_and_digest');
    await expectError(await request('POST', '/users', { username, passwordDigest: sha }), 400, 'user.password_algorithm_required');
    const malformed = await expectError(await request('POST', '/users', { username, passwordDigest: sha, passwordAlgorithm: 'SHA256' }), 400, 'guard.invalid_input');
    expect(malformed.details).toEqual([expect.objectContaining({ path: 'passwordDigest' })]);
    const user = await created({ username, passwordDigest: sha.toUpperCase(), passwordAlgorithm: 'SHA1' });
    expect(user).not.toHaveProperty('password');
    expect(await rowOf(user.id)).toMatchObject({ passwordEncrypted: sha, passwordEncryptionMethod: 'SHA1' });
  });

  test('imports a Bcrypt digest as given with $2a$, $2b$ or $2y$; refuses one not in its modular crypt form', async () => {
    const digest = hashSync('Correct-Horse-42', 4);
    const saltAndHash = digest.slice('$2b$04$'.length);
    const username = unique('bcr_');
    for (const malformed of [
      '$2b$10$abc',
      `$2x$04$${saltAndHash}`,
      `$2b$4$${saltAndHash}`,
      `$2b$03$${saltAndHash}`,
      `$2b$32$${saltAndHash}`,
      // A cost no sign-in should pay: 2^13 rounds and up.
      `$2b$13$${saltAndHash}`,
      `$2b$31$${saltAndHash}`,
      `$2b$04$${saltAndHash}x`,
      `$2b$04$${saltAndHash.slice(0, -1)}+`,
      `${digest}\n`,
      'a9993e364706816aba3e25717850c26c9cd0d89d',
    ]) {
      const error = await expectError(await request('POST', '/users', { username, passwordDigest: malformed, passwordAlgorithm: 'Bcrypt' }), 400, 'guard.invalid_input');
      expect(error.details).toEqual([expect.objectContaining({ path: 'passwordDigest' })]);
    }
    for (const [version, cost] of [['2a', '04'], ['2b', '10'], ['2y', '12']]) {
      const given = `$${version}$${cost}$${saltAndHash}`;
      const user = await created({ username: unique('bcr_'), passwordDigest: given, passwordAlgorithm: 'Bcrypt' });
      expect(user).not.toHaveProperty('password');
      expect(await rowOf(user.id)).toMatchObject({ passwordEncrypted: given, passwordEncryptionMethod: 'Bcrypt' });
    }
  });

  test('imports an argon2 digest of its own variant, at a memory, time and parallelism a sign-in can pay', async () => {
    const rest = 'c29tZXNhbHRzb21lc2FsdA$2bN1wRrZ3bO0YHq0mPq7zGdrdl5xhpZb3nYxUuQk1bY';
    for (const [algorithm, digest] of [
      ['Argon2id', `$argon2id$v=19$m=65537,t=3,p=1$${rest}`],
      ['Argon2id', `$argon2id$v=19$m=65536,t=5,p=1$${rest}`],
      ['Argon2id', `$argon2id$v=19$m=65536,t=3,p=5$${rest}`],
      ['Argon2i', `$argon2id$v=19$m=65536,t=3,p=4$${rest}`],
      ['Argon2d', `$argon2d$v=19$m=65536,t=3,p=4`],
    ]) {
      const error = await expectError(await request('POST', '/users', { username: unique('ar_'), passwordDigest: digest, passwordAlgorithm: algorithm }), 400, 'guard.invalid_input');
      expect(error.details).toEqual([expect.objectContaining({ path: 'passwordDigest' })]);
    }
    const given = `$argon2i$v=19$m=65536,t=4,p=4$${rest}`;
    const user = await created({ username: unique('ar_'), passwordDigest: given, passwordAlgorithm: 'Argon2i' });
    expect(await rowOf(user.id)).toMatchObject({ passwordEncrypted: given, passwordEncryptionMethod: 'Argon2i' });
  });
});

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

describe('the list', () => {
  let seeded: ManagementApi;
  const seedCount = countCap + 5;

  beforeAll(async () => {
    seeded = await openTenant(server, admin, planIds.development);
    // Every other user suspended; ids end with their number.
    await server.db.execute(sql`insert into idp.users (tenant_id, id, username, primary_email, is_suspended, created_at)
      select ${seeded.tenantId}, 'sd' || lpad(n::text, 10, '0'), 'seed_' || n, 'seed' || n || '@example.com', n % 2 = 0, now() - n * interval '1 second'
      from generate_series(1, ${seedCount}) as n`);
  });

  const list = async (query: string) => {
    const response = await request('GET', `/users?${query}`, undefined, seeded);
    expect(response.status).toBe(200);
    const items = ((await response.json()) as unknown[]).map((item) => tenantUserListItemGuard.parse(item));
    return { items, total: Number(response.headers.get(totalNumberHeader)), capped: response.headers.get(totalNumberIsCappedHeader) };
  };

  test('the whole list: the exact total, newest first, the list columns only', async () => {
    const { items, total, capped } = await list('page_size=3');
    expect({ total, capped }).toEqual({ total: seedCount, capped: null });
    expect(items.map((item) => item.username)).toEqual(['seed_1', 'seed_2', 'seed_3']);
    expect(Object.keys(items[0]!).sort()).toEqual(Object.keys(tenantUserListItemGuard.shape).sort());
  });

  test('a filtered total stops at the cap and says so; below it, for active users alone and on the last page it is exact', async () => {
    expect(await list('q=SEED&page_size=1')).toMatchObject({ total: countCap, capped: 'true' });
    expect(await list('isSuspended=true&page_size=1')).toMatchObject({ total: Math.floor(seedCount / 2), capped: null });
    expect(await list('isSuspended=false&page_size=1')).toMatchObject({ total: Math.ceil(seedCount / 2), capped: null });
    expect(await list('q=seed&page=1001&page_size=10')).toMatchObject({ total: seedCount, capped: null });
    const active = await list('isSuspended=false&q=seed1000');
    expect(active).toEqual({ items: [expect.objectContaining({ username: 'seed_10001' }), expect.objectContaining({ username: 'seed_10003' }), expect.objectContaining({ username: 'seed_10005' })], total: 3, capped: null });
  });

  test('searches a fragment of an e-mail, an exact id, in any case', async () => {
    expect((await list('q=ED4321@EXAMPLE')).items.map((item) => item.id)).toEqual(['sd0000004321']);
    expect((await list('q=sd0000004322')).items.map((item) => item.username)).toEqual(['seed_4322']);
    expect((await list('q=nobody-by-this-name')).total).toBe(0);
  });

  test('excludeRoleId leaves out the holders of the role', async () => {
    const [role] = await insertRoles(server, seeded.tenantId, 'User', ['Seed holders']);
    expect((await request('POST', `/users/sd0000000001/roles`, { roleIds: [role] }, seeded)).status).toBe(201);
    const { items, total } = await list(`excludeRoleId=${role}&page_size=2`);
    expect(items.map((item) => item.id)).toEqual(['sd0000000002', 'sd0000000003']);
    expect(total).toBe(countCap);
  });
});

describe('the audit log', () => {
  test('each write is logged with the console user who made it and the changed fields, secrets redacted', async () => {
    const name = unique('log_');
    const user = await created({ username: name, primaryEmail: `${name}@example.com`, password: 'Correct-Horse-42' });
    expect((await request('PATCH', `/users/${user.id}`, { name: 'Logged' })).status).toBe(200);
    expect((await request('PATCH', `/users/${user.id}/password`, { password: 'Another-Horse-43' })).status).toBe(200);
    expect((await request('PATCH', `/users/${user.id}/is-suspended`, { isSuspended: true })).status).toBe(200);
    const rows = await logsOf(user.id);
    expect(rows.map((row) => row.key)).toEqual(['Management.User.Created', 'Management.User.Updated', 'Management.User.PasswordReset', 'Management.User.SuspensionUpdated']);
    const actor = { type: 'ConsoleUser', id: admin.id };
    expect(rows[0]!.payload).toMatchObject({
      result: 'Success',
      actor,
      targetId: user.id,
      changes: {
        username: { from: null, to: name },
        primaryEmail: { from: null, to: `${name}@example.com` },
        password: { from: redacted, to: redacted },
      },
    });
    expect(rows[1]!.payload).toMatchObject({ actor, changes: { name: { from: null, to: 'Logged' } } });
    expect(rows[2]!.payload.changes).toEqual({ password: { from: redacted, to: redacted } });
    expect(rows[3]!.payload.changes).toEqual({ isSuspended: { from: false, to: true } });
    const hash = (await rowOf(user.id))!.passwordEncrypted!;
    for (const secret of ['Correct-Horse-42', 'Another-Horse-43', hash]) expect(JSON.stringify(rows)).not.toContain(secret);

    expect((await request('DELETE', `/users/${user.id}`)).status).toBe(204);
    expect((await logsOf(user.id)).at(-1)).toMatchObject({ key: 'Management.User.Deleted', userId: user.id });
  });

  test('a write that fails logs nothing', async () => {
    const name = unique('nolog_');
    const user = await created({ username: name });
    const before = await logsOf(user.id);
    const taken = await created({ username: unique('other_') });
    await expectError(await request('PATCH', `/users/${user.id}`, { username: taken.username }), 422, 'user.username_already_in_use');
    await expectError(await request('PATCH', `/users/${user.id}/password`, { password: 'short' }), 422, 'password.rejected');
    await expectError(await request('POST', `/users/${user.id}/roles`, { roleIds: ['nosuchrole'] }), 404, 'entity.not_exists_with_id');
    expect(await logsOf(user.id)).toEqual(before);
  });
});
