import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { hashSync } from 'bcryptjs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planIds } from '#schemas/quota.ts';
import { createdUserGuard } from '#schemas/tenant-user.ts';
import { users, usersRoles } from '#server/db/idp.ts';
import { oidcModels } from '#server/db/schema.ts';
import { en } from '#server/i18n/locales/en.ts';
import { authorize, decodeJwt, type AuthorizationClient } from '../support/oidc-client.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { tenantData, verifyWithJwks } from './tenant-runtime-support.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer } from './support.ts';

/**
 * What the users API does to the tenant's real issuer: a user made by the API signs in at the tenant's sign-in pages,
 * and suspension, a password reset, deletion and a role change take effect on the user's next token request.
 */
const redirectUri = 'https://shop.example.test/callback';
const indicator = 'https://orders.example.test';

let server: TestServer;
let api: ManagementApi;
let client: AuthorizationClient;
let readRole: string;
let deleteRole: string;

beforeAll(async () => {
  server = await startTestServer('cloud');
  api = await openTenant(server, await signUpUser(server, 'effects'), planIds.development);
  const data = tenantData(server.db, api.tenantId);
  // Users made with a username alone sign in without being asked for an e-mail.
  await data.signUpByUsernameOrEmail();
  const clientId = await data.application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
  client = {
    issuer: `${server.url}/t/${api.tenantId}/oidc`,
    clientId,
    redirectUri,
    scopes: ['openid', 'profile', 'email', 'offline_access', 'read:orders', 'delete:orders'],
    resources: [indicator],
    prompt: 'consent',
  };
  const { scopeIds } = await data.resource(indicator, ['read:orders', 'delete:orders']);
  readRole = await data.role('User', [scopeIds['read:orders']!]);
  deleteRole = await data.role('User', [scopeIds['delete:orders']!]);
});
afterAll(() => server?.close());

const request = (method: string, path: string, body?: unknown) => call(`${api.base}${path}`, api.token, method, body);

let counter = 0;
const createUser = async (body: Record<string, unknown> = {}) => {
  counter += 1;
  const username = `effect_${counter}_${Date.now().toString(36)}`;
  const response = await request('POST', '/users', { username, ...body });
  expect(response.status).toBe(201);
  return createdUserGuard.parse(await response.json());
};

const signIn = async (identifier: string, password: string) => (await authorize(client)).submit('password', { identifier, password });

/** Signs in and answers the refresh token of the sign-in. */
const signedIn = async (identifier: string, password: string) => {
  const { tokens } = await signIn(identifier, password);
  expect(tokens?.refresh_token).toEqual(expect.any(String));
  return tokens!.refresh_token!;
};

const tokenRequest = async (form: Record<string, string>, path = '/token') => {
  const response = await fetch(`${client.issuer}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: client.clientId, ...form }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string | boolean | undefined> };
};

const refresh = (refreshToken: string, resource?: string) =>
  tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, ...(resource ? { resource } : {}) });
const introspect = async (token: string) => (await tokenRequest({ token }, '/token/introspection')).body;

/** The rows the tenant's issuer holds for the user. */
const issuerRows = (userId: string) =>
  server.db
    .select({ model: oidcModels.model })
    .from(oidcModels)
    .where(and(eq(oidcModels.tenantId, api.tenantId), sql`(${oidcModels.payload} ->> 'accountId' = ${userId} or ${oidcModels.payload} -> 'session' ->> 'accountId' = ${userId})`));

const passwordError = (html: string) => /id="password-error"[^>]*>([^<]*)</.exec(html)?.[1]?.trim();

test('a user created by the API signs in with the password it was shown, by username or e-mail', async () => {
  const user = await createUser({ primaryEmail: 'walk-in@example.com' });
  const { tokens } = await signIn('walk-in@example.com', user.password!);
  expect(decodeJwt(tokens!.id_token!)).toMatchObject({ iss: client.issuer, sub: user.id, username: user.username });
  expect((await signIn(user.username!, user.password!)).tokens).toBeDefined();
});

describe('suspension', () => {
  test("ends the user's refresh tokens, grants and sessions at once, refuses sign-in; reactivating allows it again", async () => {
    const user = await createUser();
    const refreshToken = await signedIn(user.username!, user.password!);
    expect(await introspect(refreshToken)).toMatchObject({ active: true, sub: user.id });
    expect((await issuerRows(user.id)).map((row) => row.model)).toEqual(expect.arrayContaining(['Session', 'Grant', 'RefreshToken']));

    expect((await request('PATCH', `/users/${user.id}/is-suspended`, { isSuspended: true })).status).toBe(200);
    expect(await issuerRows(user.id)).toEqual([]);
    expect(await refresh(refreshToken)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await introspect(refreshToken)).toEqual({ active: false });
    const refused = await signIn(user.username!, user.password!);
    expect(refused.response.status).toBe(403);
    expect(refused.tokens).toBeUndefined();
    expect(passwordError(refused.html)).toBe(en.pages.userSuspended);

    expect((await request('PATCH', `/users/${user.id}/is-suspended`, { isSuspended: false })).status).toBe(200);
    expect((await signIn(user.username!, user.password!)).tokens?.id_token).toEqual(expect.any(String));
  });
});

describe('password reset', () => {
  test('ends every sign-in of the user, and only the new password signs in', async () => {
    const user = await createUser({ password: 'Correct-Horse-42' });
    const first = await signedIn(user.username!, 'Correct-Horse-42');
    const second = await signedIn(user.username!, 'Correct-Horse-42');
    expect((await request('PATCH', `/users/${user.id}/password`, { password: 'Another-Horse-43' })).status).toBe(200);
    for (const token of [first, second]) expect((await refresh(token)).body).toMatchObject({ error: 'invalid_grant' });
    expect(await issuerRows(user.id)).toEqual([]);
    const old = await signIn(user.username!, 'Correct-Horse-42');
    expect(old.response.status).toBe(422);
    expect(old.tokens).toBeUndefined();
    expect((await signIn(user.username!, 'Another-Horse-43')).tokens).toBeDefined();
  });

  test('a generated password ends the sign-ins too, and signs in', async () => {
    const user = await createUser();
    const refreshToken = await signedIn(user.username!, user.password!);
    const { password } = createdUserGuard.parse(await (await request('POST', `/users/${user.id}/password/generate`)).json());
    expect((await refresh(refreshToken)).body).toMatchObject({ error: 'invalid_grant' });
    expect((await signIn(user.username!, user.password!)).tokens).toBeUndefined();
    expect((await signIn(user.username!, password!)).tokens).toBeDefined();
  });
});

describe('deletion', () => {
  test('ends the sign-ins first, then removes the user and their role links; the identifiers are free again', async () => {
    const user = await createUser({ primaryEmail: 'leaving@example.com' });
    expect((await request('POST', `/users/${user.id}/roles`, { roleIds: [readRole] })).status).toBe(201);
    const refreshToken = await signedIn(user.username!, user.password!);
    expect((await request('DELETE', `/users/${user.id}`)).status).toBe(204);
    expect(await issuerRows(user.id)).toEqual([]);
    expect(await refresh(refreshToken)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await introspect(refreshToken)).toEqual({ active: false });
    expect(await server.db.select().from(usersRoles).where(and(eq(usersRoles.tenantId, api.tenantId), eq(usersRoles.userId, user.id)))).toEqual([]);
    await expectError(await request('GET', `/users/${user.id}`), 404, 'entity.not_exists_with_id');
    expect((await signIn(user.username!, user.password!)).tokens).toBeUndefined();
    const again = await createUser({ username: user.username, primaryEmail: 'leaving@example.com' });
    expect(again.id).not.toBe(user.id);
  });
});

describe('roles', () => {
  test("a role given or taken shows in the user's next access token", async () => {
    const user = await createUser();
    expect((await request('POST', `/users/${user.id}/roles`, { roleIds: [readRole] })).status).toBe(201);
    let refreshToken = await signedIn(user.username!, user.password!);
    const scopeOfNextToken = async () => {
      const { status, body } = await refresh(refreshToken, indicator);
      expect(status).toBe(200);
      refreshToken = String(body.refresh_token);
      const payload = await verifyWithJwks(client.issuer, String(body.access_token), indicator);
      expect(payload.sub).toBe(user.id);
      return String(payload.scope ?? '').split(' ').filter(Boolean).sort();
    };
    expect(await scopeOfNextToken()).toEqual(['read:orders']);
    expect((await request('POST', `/users/${user.id}/roles`, { roleIds: [deleteRole] })).status).toBe(201);
    expect(await scopeOfNextToken()).toEqual(['delete:orders', 'read:orders']);
    expect((await request('DELETE', `/users/${user.id}/roles/${readRole}`)).status).toBe(204);
    expect(await scopeOfNextToken()).toEqual(['delete:orders']);
    expect((await request('PUT', `/users/${user.id}/roles`, { roleIds: [readRole] })).status).toBe(200);
    expect(await scopeOfNextToken()).toEqual(['read:orders']);
  });
});

describe('imported password digests', () => {
  const password = 'Imported-Pass-77';
  const hex = (algorithm: string) => createHash(algorithm).update(password).digest('hex');
  const digests: [string, () => Promise<string>][] = [
    ['SHA1', async () => hex('sha1')],
    ['SHA256', async () => hex('sha256').toUpperCase()],
    ['MD5', async () => hex('md5')],
    // @node-rs/argon2's algorithms: 0 Argon2d, 1 Argon2i, 2 Argon2id.
    ['Argon2i', () => hash(password, { algorithm: 1 })],
    ['Argon2d', () => hash(password, { algorithm: 0 })],
    ['Argon2id', () => hash(password, { algorithm: 2 })],
    // bcryptjs writes $2b$.
    ['Bcrypt', async () => hashSync(password, 4)],
  ];
  const storedOf = async (id: string) => (await server.db.select().from(users).where(and(eq(users.tenantId, api.tenantId), eq(users.id, id))))[0]!;

  const signsInAndRehashes = async (passwordAlgorithm: string, digest: string) => {
    const user = await createUser({ passwordDigest: digest, passwordAlgorithm });
    const stored = () => storedOf(user.id);
    const imported = (await stored()).passwordEncrypted;
    const wrong = await signIn(user.username!, 'Imported-Pass-78');
    expect(wrong.response.status).toBe(422);
    expect(await stored()).toMatchObject({ passwordEncryptionMethod: passwordAlgorithm, passwordEncrypted: imported });
    expect(decodeJwt((await signIn(user.username!, password)).tokens!.id_token!).sub).toBe(user.id);
    const rehashed = await stored();
    expect(rehashed.passwordEncryptionMethod).toBe('Argon2id');
    expect(rehashed.passwordEncrypted).toMatch(/^\$argon2id\$/);
    if (passwordAlgorithm !== 'Argon2id') expect(rehashed.passwordEncrypted).not.toBe(imported);
    expect((await signIn(user.username!, password)).tokens).toBeDefined();
  };

  test.each(digests)('%s: the sign-in verifies it, refuses a wrong password, and rehashes it to Argon2id', async (passwordAlgorithm, digest) =>
    signsInAndRehashes(passwordAlgorithm, await digest()),
  );

  test('Bcrypt as $2y$: the sign-in verifies it, refuses a wrong password, and rehashes it to Argon2id', () => signsInAndRehashes('Bcrypt', hashSync(password, 4).replace(/^\$2b\$/, '$2y$')));

  test('a stored Bcrypt digest the server cannot read refuses the password', async () => {
    const user = await createUser({ passwordDigest: hashSync(password, 4), passwordAlgorithm: 'Bcrypt' });
    for (const passwordEncrypted of ['$2b$04$short', `$2b$99$${'a'.repeat(53)}`, `$2x$04$${'a'.repeat(53)}`]) {
      await server.db.update(users).set({ passwordEncrypted }).where(and(eq(users.tenantId, api.tenantId), eq(users.id, user.id)));
      expect((await signIn(user.username!, password)).response.status).toBe(422);
      expect(await storedOf(user.id)).toMatchObject({ passwordEncryptionMethod: 'Bcrypt', passwordEncrypted });
    }
  });
});
