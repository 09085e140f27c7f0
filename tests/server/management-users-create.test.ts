import { verify } from '@node-rs/argon2';
import { hashSync } from 'bcryptjs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPassword } from '#schemas/password-policy.ts';
import { planIds } from '#schemas/quota.ts';
import { tenantUserGuard } from '#schemas/tenant-user.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { insertRoles, userRows } from './idp-rows.ts';
import { expectError, type TestServer, type TestUser } from './support.ts';
import { startUsersServer, userRequests } from './management-users-support.ts';

let server: TestServer;
let admin: TestUser;
let api: ManagementApi;

beforeAll(async () => ({ server, admin, api } = await startUsersServer()));
afterAll(() => server?.close());

const { request, created, rowOf, unique } = userRequests(() => server, () => api);

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
    expect(short.details).toEqual({ codes: ['too_short'], issues: [{ code: 'too_short', interpolation: { min: 8 } }] });
    const personal = await expectError(await request('POST', '/users', { username, password: `${username}-9` }), 422, 'password.rejected');
    // The random part of the username may hold a sequence too, which then counts as well.
    expect(personal.details).toMatchObject({ codes: expect.arrayContaining(['restricted.user_info']), issues: expect.arrayContaining([{ code: 'restricted.user_info' }]) });
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
