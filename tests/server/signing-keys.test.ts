import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import { keys } from '#server/db/idp.ts';
import { tenantMembers } from '#server/db/schema.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { listLogs } from './log-support.ts';
import { keysApi, publishedKids, tokenMachine } from './signing-keys-support.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await signUpUser(server, 'keys');
});
afterAll(() => server?.close());

const jwksOf = async (issuer: string) => createLocalJWKSet(await (await fetch(`${issuer}/jwks`)).json());

describe('the private keys of a tenant issuer (signing-keys.md §2, §3)', () => {
  let api: ManagementApi;
  beforeAll(async () => {
    api = await openTenant(server, admin, planIds.development);
  });

  test('a new tenant has a current key of each algorithm, listed without any key material', async () => {
    const response = await fetch(keysApi(api).url('private-keys'), { headers: { authorization: `Bearer ${api.token}` } });
    const text = await response.text();
    for (const member of ['"d"', '"p"', '"q"', '"k"', 'value', 'privateKey']) expect(text).not.toContain(member);
    const listed = await keysApi(api).privateKeys();
    expect(listed.map(({ signingKeyAlgorithm, jwsAlgorithm, status }) => [signingKeyAlgorithm, jwsAlgorithm, status])).toEqual([
      ['EC', 'ES256', 'Current'],
      ['RSA', 'RS256', 'Current'],
    ]);
    expect(await keysApi(api).cookieKeys()).toEqual([{ id: expect.any(String), createdAt: expect.any(String) }]);
  });

  test('an immediate rotation: old tokens keep verifying, new ones name the new key; deleting the previous key breaks the old ones', async () => {
    const keysOf = keysApi(api);
    const machine = await tokenMachine(api);
    const first = await machine.token();
    const [ec] = await keysOf.privateKeys();
    expect(decodeProtectedHeader(first)).toMatchObject({ alg: 'ES256', kid: ec!.id });

    const rotated = await keysOf.rotatePrivate({ signingKeyAlgorithm: 'EC' });
    const added = rotated.find((key) => key.signingKeyAlgorithm === 'EC' && key.status === 'Current')!;
    expect(rotated.map((key) => [key.id, key.status])).toEqual(expect.arrayContaining([[added.id, 'Current'], [ec!.id, 'Previous']]));
    expect(await publishedKids(machine.issuer)).toEqual(expect.arrayContaining([ec!.id, added.id]));
    await jwtVerify(first, await jwksOf(machine.issuer), { issuer: machine.issuer, audience: machine.indicator });
    const second = await machine.token();
    expect(decodeProtectedHeader(second).kid).toBe(added.id);

    // Guard rails (scenario D): the current key, the only RSA key, an unknown one.
    await expectError(await keysOf.remove('private-keys', added.id), 422, 'oidc.only_previous_key_can_be_deleted');
    const rsa = rotated.find((key) => key.signingKeyAlgorithm === 'RSA')!;
    await expectError(await keysOf.remove('private-keys', rsa.id), 422, 'oidc.key_required');
    await expectError(await keysOf.remove('private-keys', 'no-such-key'), 404, 'oidc.key_not_found');
    await expectError(await keysOf.remove('cookie-keys', ec!.id), 404, 'oidc.key_not_found');

    expect((await keysOf.remove('private-keys', ec!.id)).status).toBe(204);
    expect(await publishedKids(machine.issuer)).not.toContain(ec!.id);
    const jwks = await jwksOf(machine.issuer);
    await expect(jwtVerify(first, jwks, { issuer: machine.issuer, audience: machine.indicator })).rejects.toThrow();
    await jwtVerify(second, jwks, { issuer: machine.issuer, audience: machine.indicator });
  });

  test('rotating twice at once keeps at most a current and a previous key of the algorithm', async () => {
    const before = await keysApi(api).privateKeys();
    await keysApi(api).rotatePrivate();
    const after = await keysApi(api).rotatePrivate();
    const ec = after.filter((key) => key.signingKeyAlgorithm === 'EC');
    expect(ec.map((key) => key.status)).toEqual(['Current', 'Previous']);
    expect(ec.map((key) => key.id)).not.toContain(before.find((key) => key.signingKeyAlgorithm === 'EC')!.id);
  });

  test('the body is checked: an unknown algorithm or a negative grace period is invalid input', async () => {
    await expectError(await keysApi(api).rotate('private-keys', { signingKeyAlgorithm: 'HS256' }), 400, 'guard.invalid_input');
    await expectError(await keysApi(api).rotate('private-keys', { rotationGracePeriod: -1 }), 400, 'guard.invalid_input');
    await expectError(await keysApi(api).rotate('cookie-keys', { rotationGracePeriod: 60 }), 422, 'oidc.invalid_request');
  });

  test('tokens signed per key: counted in batches, with when the last of them expires', async () => {
    const machine = await tokenMachine(api, 'https://counted.example.test');
    const tokens = [await machine.token(), await machine.token(), await machine.token()];
    const kid = decodeProtectedHeader(tokens[0]!).kid;
    const exp = Math.max(...tokens.map((token) => Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp)));
    await expect.poll(async () => (await keysApi(api).privateKeys()).find((key) => key.id === kid)?.tokensSigned, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    const listed = (await keysApi(api).privateKeys()).find((key) => key.id === kid)!;
    expect(Date.parse(listed.lastTokenExpiresAt!)).toBeGreaterThanOrEqual(exp * 1000);
  });

  test('every rotation and deletion is in the audit log, with no key material', async () => {
    const since = Date.now();
    const rotated = await keysApi(api).rotatePrivate();
    const previous = rotated.find((key) => key.signingKeyAlgorithm === 'EC' && key.status === 'Previous')!;
    expect((await keysApi(api).remove('private-keys', previous.id)).status).toBe(204);
    expect((await keysApi(api).rotate('cookie-keys')).status).toBe(200);
    const { items } = await listLogs(api, `?page_size=20&start_time=${since}`);
    expect(items.map((item) => item.key).sort()).toEqual(['Management.CookieKey.Rotated', 'Management.SigningKey.Deleted', 'Management.SigningKey.Rotated']);
    const stored = await server.db.select().from(keys).where(eq(keys.tenantId, api.tenantId));
    const text = JSON.stringify(items);
    for (const key of stored) for (const secret of [key.privateKey.d, key.privateKey.k]) if (secret) expect(text).not.toContain(secret);
    expect(items.find((item) => item.key === 'Management.SigningKey.Deleted')?.payload).toMatchObject({ targetId: previous.id, signingKeyAlgorithm: 'EC' });
  });
});

describe('the cookie keys of a tenant issuer', () => {
  test('a rotation puts a new key first and keeps two; only the previous one can be deleted, never the last', async () => {
    const api = await openTenant(server, admin, planIds.development);
    const keysOf = keysApi(api);
    const [first] = await keysOf.cookieKeys();
    expect((await keysOf.rotate('cookie-keys')).status).toBe(200);
    const rotated = await keysOf.cookieKeys();
    expect(rotated.map((key) => key.id)).toEqual([expect.any(String), first!.id]);
    expect((await keysOf.rotate('cookie-keys')).status).toBe(200);
    const again = await keysOf.cookieKeys();
    expect(again.map((key) => key.id)).toEqual([expect.any(String), rotated[0]!.id]);
    await expectError(await keysOf.remove('cookie-keys', again[0]!.id), 422, 'oidc.only_previous_key_can_be_deleted');
    expect((await keysOf.remove('cookie-keys', again[1]!.id)).status).toBe(204);
    await expectError(await keysOf.remove('cookie-keys', again[0]!.id), 422, 'oidc.key_required');
  });
});

describe('who may see and change the keys', () => {
  test('a collaborator reads them but may not rotate or delete (403); another tenant\'s member gets 401 here, and 404 for this tenant\'s key id in theirs', async () => {
    const api = await openTenant(server, admin, planIds.development);
    const collaborator = await signUpUser(server, 'keyscollab');
    await server.db.insert(tenantMembers).values({ tenantId: api.tenantId, userId: collaborator.id, role: 'collaborator' });
    const asCollaborator = keysApi(api, await collaborator.session.organizationToken(organizationIdOf(api.tenantId)));
    const [key] = await asCollaborator.privateKeys();
    await expectError(await asCollaborator.rotate('private-keys'), 403, 'auth.insufficient_scope');
    await expectError(await asCollaborator.rotate('cookie-keys'), 403, 'auth.insufficient_scope');
    await expectError(await asCollaborator.remove('private-keys', key!.id), 403, 'auth.insufficient_scope');

    const stranger = await signUpUser(server, 'keysstranger');
    const own = await openTenant(server, stranger, planIds.development);
    const foreign = keysApi({ ...api, token: own.token });
    // Their token is for their own tenant only.
    await expectError(await call(foreign.url('private-keys'), own.token, 'GET'), 401, 'auth.unauthorized');
    await expectError(await foreign.remove('private-keys', key!.id), 401, 'auth.unauthorized');
    // A key id of another tenant is unknown here.
    await expectError(await keysApi(own).remove('private-keys', key!.id), 404, 'oidc.key_not_found');
  });
});
