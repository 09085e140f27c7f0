import { count, eq } from 'drizzle-orm';
import { SignJWT, generateKeyPair, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { insufficientPermissionsMessage } from '#schemas/error.ts';
import { tenantGuard, tenantNameMaxLength } from '#schemas/tenant.ts';
import { invitations, serverKeys, tenantMembers, tenants, users } from '#server/db/schema.ts';
import { decodeJwt, signUp, type ConsoleSession } from '../support/oidc-client.ts';
import { bearer, call, expectError, json, newAccount, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';

let server: TestServer;
let owner: ConsoleSession;
let cloudToken: string;

beforeAll(async () => {
  server = await startTestServer('cloud');
  owner = await signUp(server.url, newAccount('owner'), { edition: 'cloud' });
  cloudToken = await owner.accessToken(resourceIndicators.cloud);
});
afterAll(() => server?.close());

const tenantRows = async () => (await server.db.select({ value: count() }).from(tenants))[0]!.value;
const memberRows = async () => (await server.db.select({ value: count() }).from(tenantMembers))[0]!.value;

const post = (body: string, token = cloudToken, contentType = 'application/json') =>
  fetch(`${server.url}/api/tenants`, bearer(token, { method: 'POST', headers: { 'content-type': contentType }, body }));


/** Signs a token like the server's, with any key and claims. */
const signToken = async (claims: Record<string, unknown>, key: { privateKey: CryptoKey | Uint8Array; kid: string }, expiresIn = '1h') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' })
    .setIssuer(`${server.url}/oidc`)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key.privateKey);

const serverSigningKey = async () => {
  const [row] = await server.db.select().from(serverKeys).where(eq(serverKeys.id, 'oidc.signing'));
  const [jwk] = row!.value as JWK[];
  return { privateKey: (await importJWK(jwk!, 'ES256')) as CryptoKey, kid: jwk!.kid! };
};

describe('POST /api/tenants', () => {
  test('creates a development tenant; the creator is its admin; the organization claims follow', async () => {
    const response = await post(JSON.stringify({ name: '  My project  ', regionName: 'US' }));
    expect(response.status).toBe(201);
    const tenant = tenantGuard.parse(await response.json());
    expect(tenant).toMatchObject({ name: 'My project', tag: 'development', regionName: 'US', planId: 'development' });
    expect(tenant.id).toMatch(/^[a-z0-9]{12}$/);
    const claims = decodeJwt((await owner.refresh()).body.id_token!);
    expect(claims.organizations).toContain(organizationIdOf(tenant.id));
    expect(claims.organization_roles).toContain(`${tenant.id}:admin`);
  });

  test('a production tenant is on the free plan', async () => {
    const response = await post(JSON.stringify({ name: 'Live', tag: 'production', regionName: 'EU' }));
    expect(tenantGuard.parse(await response.json())).toMatchObject({ tag: 'production', planId: 'free', quota: { mauLimit: 50_000 } });
  });

  const badBodies: [string, string][] = [
    ['malformed JSON', '{"name": '],
    ['a JSON array', '[]'],
    ['a wrong type', JSON.stringify({ name: 42 })],
    ['an unknown field', JSON.stringify({ name: 'x', owner: 'me' })],
    ['an empty name', JSON.stringify({ name: '   ' })],
    ['an oversized name', JSON.stringify({ name: 'x'.repeat(tenantNameMaxLength + 1) })],
    ['an unknown region', JSON.stringify({ name: 'x', regionName: 'MARS' })],
    ['an unknown tag', JSON.stringify({ name: 'x', tag: 'staging' })],
  ];
  test.each(badBodies)('%s is a 400 and writes nothing', async (_case, body) => {
    const [tenantsBefore, membersBefore] = [await tenantRows(), await memberRows()];
    const { code } = await expectError(await post(body), 400, body === '{"name": ' ? 'guard.invalid_json' : 'guard.invalid_input');
    expect(code).toMatch(/^guard\./);
    expect([await tenantRows(), await memberRows()]).toEqual([tenantsBefore, membersBefore]);
  });

  test('a body that is not JSON is a 400', async () => {
    await expectError(await post('name=x', cloudToken, 'application/x-www-form-urlencoded'), 400, 'guard.invalid_content_type');
  });

  test('no token, a wrong audience, a forged or an expired token are 401; a missing scope is 403', async () => {
    const before = await tenantRows();
    await expectError(await fetch(`${server.url}/api/tenants`, json({ name: 'x' })), 401, 'auth.authorization_header_missing');
    await expectError(await post(JSON.stringify({ name: 'x' }), await owner.accessToken(resourceIndicators.me)), 401, 'auth.unauthorized');
    const { sub, grant_id } = decodeJwt(cloudToken);
    const claims = { sub, grant_id, aud: resourceIndicators.cloud, scope: 'create:tenant', client_id: 'admin-console' };
    const { privateKey } = await generateKeyPair('ES256');
    const kid = (await serverSigningKey()).kid;
    await expectError(await post(JSON.stringify({ name: 'x' }), await signToken(claims, { privateKey, kid })), 401, 'auth.unauthorized');
    const expired = await signToken(claims, await serverSigningKey(), '-1m');
    await expectError(await post(JSON.stringify({ name: 'x' }), expired), 401, 'auth.token_expired');
    const noScope = await signToken({ ...claims, scope: '' }, await serverSigningKey());
    const { message } = await expectError(await post(JSON.stringify({ name: 'x' }), noScope), 403, 'auth.insufficient_scope');
    expect(message).toBe(insufficientPermissionsMessage);
    expect(await tenantRows()).toBe(before);
  });
  test('a token of another sign-in, or of an ended one, is a 401', async () => {
    const { sub } = decodeJwt(cloudToken);
    const other = await signUp(server.url, newAccount('other'), { edition: 'cloud' });
    const { grant_id: othersGrant } = decodeJwt(await other.accessToken(resourceIndicators.cloud));
    const borrowed = await signToken({ sub, grant_id: othersGrant, aud: resourceIndicators.cloud, scope: 'create:tenant' }, await serverSigningKey());
    await expectError(await post(JSON.stringify({ name: 'x' }), borrowed), 401, 'auth.unauthorized');
    const token = await other.accessToken(resourceIndicators.cloud);
    await other.signOut();
    await expectError(await post(JSON.stringify({ name: 'x' }), token), 401, 'auth.unauthorized');
  });
  test('an account deleted while its sign-in lives is a 401 and the tenant insert is rolled back', async () => {
    const ghost = await signUp(server.url, newAccount('ghost'), { edition: 'cloud' });
    const token = await ghost.accessToken(resourceIndicators.cloud);
    await server.db.delete(users).where(eq(users.id, String(decodeJwt(token).sub)));
    const before = [await tenantRows(), await memberRows()];
    await expectError(await post(JSON.stringify({ name: 'Half' }), token), 401, 'auth.account_not_found');
    expect([await tenantRows(), await memberRows()]).toEqual(before);
  });
});

describe('GET /api/tenants', () => {
  test('lists exactly the tenants the user is a member of', async () => {
    const other = await signUp(server.url, newAccount('other'), { edition: 'cloud' });
    const otherToken = await other.accessToken(resourceIndicators.cloud);
    expect(await (await fetch(`${server.url}/api/tenants`, bearer(otherToken))).json()).toEqual([]);
    const response = await fetch(`${server.url}/api/tenants`, bearer(cloudToken));
    expect(response.status).toBe(200);
    const list = z.array(tenantGuard).parse(await response.json());
    expect(list.map((tenant) => tenant.name)).toEqual(['My project', 'Live']);
  });

  test('needs a cloud-API token', async () => {
    await expectError(await fetch(`${server.url}/api/tenants`), 401, 'auth.authorization_header_missing');
    await expectError(await fetch(`${server.url}/api/tenants`, bearer('not.a.jwt')), 401, 'auth.unauthorized');
  });
});

describe('GET /api/.well-known/endpoints/:tenantId', () => {
  test('answers the tenant endpoint for members, 404 for foreign or unknown tenants', async () => {
    const [tenant] = z.array(tenantGuard).parse(await (await fetch(`${server.url}/api/tenants`, bearer(cloudToken))).json());
    const response = await fetch(`${server.url}/api/.well-known/endpoints/${tenant!.id}`, bearer(cloudToken));
    expect(await response.json()).toEqual({ user: `${server.url}/t/${tenant!.id}` });
    const discovery = await fetch(`${server.url}/t/${tenant!.id}/oidc/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${server.url}/t/${tenant!.id}/oidc`);
    const stranger = await signUp(server.url, newAccount('stranger'), { edition: 'cloud' });
    const strangerToken = await stranger.accessToken(resourceIndicators.cloud);
    await expectError(await fetch(`${server.url}/api/.well-known/endpoints/${tenant!.id}`, bearer(strangerToken)), 404, 'tenant.not_found');
    await expectError(await fetch(`${server.url}/api/.well-known/endpoints/nope`, bearer(cloudToken)), 404, 'tenant.not_found');
    await expectError(await fetch(`${server.url}/api/.well-known/endpoints/${tenant!.id}`), 401, 'auth.authorization_header_missing');
  });
});

describe('unknown API routes', () => {
  test('are JSON 404s', async () => {
    await expectError(await fetch(`${server.url}/api/nothing-here`), 404, 'route.not_found');
  });
});

describe('PATCH /api/tenants/:tenantId', () => {
  let tenantId: string;
  let collaborator: TestUser;
  const patch = async (body: unknown, token?: string, id = tenantId) => call(`${server.url}/api/tenants/${id}`, token ?? cloudToken, 'PATCH', body);
  const storedName = async () => (await server.db.select().from(tenants).where(eq(tenants.id, tenantId)))[0]!.name;

  beforeAll(async () => {
    cloudToken = await owner.accessToken(resourceIndicators.cloud);
    tenantId = tenantGuard.parse(await (await post(JSON.stringify({ name: 'Before' }))).json()).id;
    collaborator = await signUpUser(server, 'collab');
    await server.db.insert(tenantMembers).values({ tenantId, userId: collaborator.id, role: 'collaborator' });
  });

  test('renames the tenant (trimmed) for manage:tenant', async () => {
    const response = await patch({ name: '  After  ' });
    expect(tenantGuard.parse(await response.json())).toMatchObject({ id: tenantId, name: 'After' });
  });

  const badBodies: [string, unknown][] = [
    ['malformed JSON', '{"name"'],
    ['an empty name', { name: '  ' }],
    ['an oversized name', { name: 'x'.repeat(tenantNameMaxLength + 1) }],
    ['a wrong type', { name: ['x'] }],
    ['no name', {}],
    ['another field', { name: 'x', tag: 'production' }],
  ];
  test.each(badBodies)('%s is a 400 and changes nothing', async (_case, body) => {
    const before = await storedName();
    await expectError(await patch(body), 400, typeof body === 'string' ? 'guard.invalid_json' : 'guard.invalid_input');
    expect(await storedName()).toBe(before);
  });

  test('a collaborator gets 403, a stranger and an unknown tenant 404, an organization token 401; nothing changes', async () => {
    const before = await storedName();
    const denied = await expectError(await patch({ name: 'Mine' }, await collaborator.cloudToken()), 403, 'tenant.permission_denied');
    expect(denied.message).not.toBe(insufficientPermissionsMessage);
    const stranger = await signUpUser(server, 'stranger');
    await expectError(await patch({ name: 'Mine' }, await stranger.cloudToken()), 404, 'tenant.not_found');
    await expectError(await patch({ name: 'Mine' }, cloudToken, 'unknowntenant'), 404, 'tenant.not_found');
    await expectError(await patch({ name: 'Mine' }, await owner.organizationToken(organizationIdOf(tenantId))), 401, 'auth.unauthorized');
    expect(await storedName()).toBe(before);
  });
});

describe('DELETE /api/tenants/:tenantId', () => {
  test('only an admin may delete; it removes the tenant with its members and invitations', async () => {
    cloudToken = await owner.accessToken(resourceIndicators.cloud);
    const tenantId = tenantGuard.parse(await (await post(JSON.stringify({ name: 'Doomed' }))).json()).id;
    const collaborator = await signUpUser(server, 'member');
    await server.db.insert(tenantMembers).values({ tenantId, userId: collaborator.id, role: 'collaborator' });
    const invited = await call(`${server.url}/api/tenants/${tenantId}/invitations`, cloudToken, 'POST', { invitee: ['doomed@example.com'], roleName: 'collaborator' });
    expect(invited.status).toBe(201);
    const rowsOf = async () => [
      (await server.db.select().from(tenants).where(eq(tenants.id, tenantId))).length,
      (await server.db.select().from(tenantMembers).where(eq(tenantMembers.tenantId, tenantId))).length,
      (await server.db.select().from(invitations).where(eq(invitations.tenantId, tenantId))).length,
    ];
    const remove = async (token: string, id = tenantId) => call(`${server.url}/api/tenants/${id}`, token, 'DELETE');

    await expectError(await remove(await collaborator.cloudToken()), 403, 'tenant.permission_denied');
    const stranger = await signUpUser(server, 'outsider');
    await expectError(await remove(await stranger.cloudToken()), 404, 'tenant.not_found');
    await expectError(await remove(cloudToken, 'unknowntenant'), 404, 'tenant.not_found');
    expect(await rowsOf()).toEqual([1, 2, 1]);

    const response = await remove(cloudToken);
    expect(response.status).toBe(204);
    expect(await rowsOf()).toEqual([0, 0, 0]);
    const listed = z.array(tenantGuard).parse(await (await fetch(`${server.url}/api/tenants`, bearer(cloudToken))).json());
    expect(listed.map((tenant) => tenant.id)).not.toContain(tenantId);
    await expectError(await remove(cloudToken), 404, 'tenant.not_found');
    const { status, body } = await owner.refresh({ organizationId: organizationIdOf(tenantId) });
    expect([status, body.error]).toEqual([400, 'invalid_grant']);
  });
});
