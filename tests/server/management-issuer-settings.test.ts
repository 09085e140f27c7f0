import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applicationGuard, createdApplicationGuard } from '#schemas/application.ts';
import { planIds } from '#schemas/quota.ts';
import { createdUserGuard, tenantUserGuard } from '#schemas/tenant-user.ts';
import { users } from '#server/db/idp.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer } from './support.ts';

/** What the management API says of the tenant issuer's standards settings: verified identifiers, ID token algorithm, PKCE. */

let server: TestServer;
let api: ManagementApi;

beforeAll(async () => {
  server = await startTestServer('cloud');
  api = await openTenant(server, await signUpUser(server, 'settings'), planIds.development);
});
afterAll(() => server?.close());

const request = (method: string, path: string, body?: unknown) => call(`${api.base}${path}`, api.token, method, body);
const createUser = async (body: Record<string, unknown>) => {
  const response = await request('POST', '/users', body);
  expect(response.status).toBe(201);
  return createdUserGuard.parse(await response.json());
};
const patchUser = async (id: string, body: Record<string, unknown>) => {
  const response = await request('PATCH', `/users/${id}`, body);
  expect(response.status).toBe(200);
  return tenantUserGuard.parse(await response.json());
};
const verifiedBy = async (id: string) =>
  (await server.db.select().from(users).where(and(eq(users.tenantId, api.tenantId), eq(users.id, id))))[0]!;
const flags = ({ primaryEmailVerified, primaryPhoneVerified }: { primaryEmailVerified: boolean; primaryPhoneVerified: boolean }) => ({
  primaryEmailVerified,
  primaryPhoneVerified,
});

describe("a user's verified identifiers", () => {
  test('an administrator-set e-mail or phone is unverified unless the administrator says it is verified', async () => {
    const plain = await createUser({ primaryEmail: 'plain@example.com', primaryPhone: '+1 555 0100' });
    expect(flags(plain)).toEqual({ primaryEmailVerified: false, primaryPhoneVerified: false });
    const vouched = await createUser({ primaryEmail: 'vouched@example.com', primaryEmailVerified: true, primaryPhone: '+1 555 0101', primaryPhoneVerified: true });
    expect(flags(vouched)).toEqual({ primaryEmailVerified: true, primaryPhoneVerified: true });
    expect(await verifiedBy(vouched.id)).toMatchObject({ primaryEmailVerifiedBy: 'admin', primaryPhoneVerifiedBy: 'admin' });
    expect(flags(tenantUserGuard.parse(await (await request('GET', `/users/${vouched.id}`)).json()))).toEqual({ primaryEmailVerified: true, primaryPhoneVerified: true });
  });

  test('a verified flag needs its identifier', async () => {
    const body = await expectError(await request('POST', '/users', { username: 'nomail', primaryEmailVerified: true }), 400, 'guard.invalid_input');
    expect(body.details).toEqual([expect.objectContaining({ path: 'primaryEmailVerified' })]);
    const user = await createUser({ username: 'nophone' });
    await expectError(await request('PATCH', `/users/${user.id}`, { primaryPhoneVerified: true }), 400, 'guard.invalid_input');
    const vouched = await createUser({ primaryEmail: 'cleared@example.com', primaryEmailVerified: true });
    await expectError(await request('PATCH', `/users/${vouched.id}`, { primaryEmail: null, primaryEmailVerified: true }), 400, 'guard.invalid_input');
    expect(flags(await patchUser(vouched.id, { primaryEmail: null }))).toEqual({ primaryEmailVerified: false, primaryPhoneVerified: false });
  });

  test('a changed identifier loses its verification unless the administrator vouches for the new one; an unchanged one keeps it', async () => {
    const user = await createUser({ primaryEmail: 'first@example.com', primaryEmailVerified: true });
    expect((await patchUser(user.id, { name: 'Renamed', primaryEmail: 'FIRST@example.com' })).primaryEmailVerified).toBe(true);
    expect((await patchUser(user.id, { primaryEmail: 'second@example.com' })).primaryEmailVerified).toBe(false);
    expect((await patchUser(user.id, { primaryEmailVerified: true })).primaryEmailVerified).toBe(true);
    expect((await patchUser(user.id, { primaryEmail: 'third@example.com', primaryEmailVerified: true })).primaryEmailVerified).toBe(true);
    expect((await patchUser(user.id, { primaryEmailVerified: false })).primaryEmailVerified).toBe(false);
  });

  test('a verification by code stays what it is when the administrator confirms it, and goes when the e-mail changes', async () => {
    const user = await createUser({ primaryEmail: 'coded@example.com' });
    await server.db.update(users).set({ primaryEmailVerifiedBy: 'code' }).where(and(eq(users.tenantId, api.tenantId), eq(users.id, user.id)));
    expect((await patchUser(user.id, { primaryEmailVerified: true })).primaryEmailVerified).toBe(true);
    expect((await verifiedBy(user.id)).primaryEmailVerifiedBy).toBe('code');
    await patchUser(user.id, { primaryEmail: 'recoded@example.com' });
    expect((await verifiedBy(user.id)).primaryEmailVerifiedBy).toBeNull();
  });
});

describe("an app's ID token algorithm and PKCE", () => {
  const redirect = { redirectUris: ['https://app.example.test/cb'], postLogoutRedirectUris: [] };

  test('a Traditional app takes RS256 and turns PKCE off; both are answered and kept', async () => {
    const response = await request('POST', '/applications', {
      name: 'Web',
      type: 'Traditional',
      oidcClientMetadata: { ...redirect, idTokenSignedResponseAlg: 'RS256' },
      customClientMetadata: { requirePkce: false },
    });
    const app = createdApplicationGuard.parse(await response.json());
    expect(app).toMatchObject({ oidcClientMetadata: { idTokenSignedResponseAlg: 'RS256' }, customClientMetadata: { requirePkce: false } });
    const patched = await request('PATCH', `/applications/${app.id}`, { oidcClientMetadata: { ...redirect, idTokenSignedResponseAlg: 'ES256' }, customClientMetadata: { requirePkce: true } });
    expect(applicationGuard.parse(await patched.json())).toMatchObject({ oidcClientMetadata: { idTokenSignedResponseAlg: 'ES256' }, customClientMetadata: { requirePkce: true } });
  });

  test('an algorithm the issuer has no key for is refused', async () => {
    const body = await expectError(await request('POST', '/applications', { name: 'Web', type: 'Traditional', oidcClientMetadata: { ...redirect, idTokenSignedResponseAlg: 'HS256' } }), 400, 'guard.invalid_input');
    expect(body.details).toEqual([expect.objectContaining({ path: 'oidcClientMetadata.idTokenSignedResponseAlg' })]);
  });

  test('a public app cannot turn PKCE off', async () => {
    for (const type of ['SPA', 'Native']) {
      const refused = await request('POST', '/applications', { name: 'Public', type, customClientMetadata: { requirePkce: false } });
      const body = await expectError(refused, 400, 'guard.invalid_input');
      expect(body.details).toEqual([expect.objectContaining({ path: 'customClientMetadata.requirePkce' })]);
    }
    const spa = createdApplicationGuard.parse(await (await request('POST', '/applications', { name: 'SPA', type: 'SPA' })).json());
    await expectError(await request('PATCH', `/applications/${spa.id}`, { customClientMetadata: { requirePkce: false } }), 400, 'guard.invalid_input');
  });
});
