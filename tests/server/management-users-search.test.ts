import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { totalNumberHeader } from '#schemas/paging.ts';
import { planIds } from '#schemas/quota.ts';
import { createdUserGuard, tenantUserListItemGuard, userSearchValuesMax } from '#schemas/tenant-user.ts';
import { authorize, decodeJwt } from '../support/oidc-client.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { insertRoles } from './idp-rows.ts';
import { tenantData } from './tenant-runtime-support.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer } from './support.ts';

/**
 * How GET /users finds users beyond a plain keyword (users.md §2, §5): short keywords as prefixes, the advanced search,
 * the sort by the latest sign-in; and usernames, unique and found at sign-in whatever their case.
 */

let server: TestServer;
let api: ManagementApi;

// Seeded with fixed ids, the newest first in this order.
const seeded = [
  { id: 'us0000000001', username: 'Zed_one', primary_email: 'zed@example.com', primary_phone: null, name: 'Ann Zed' },
  { id: 'us0000000002', username: 'bob', primary_email: 'xbob@example.com', primary_phone: null, name: 'Zoe' },
  { id: 'us0000000003', username: 'carl', primary_email: null, primary_phone: '15550001', name: null },
  { id: 'us0000000004', username: 'hazel', primary_email: 'h@example.com', primary_phone: null, name: 'Liza Zebedee' },
  { id: 'us0000000005', username: '_under', primary_email: null, primary_phone: '4470000', name: null },
];

beforeAll(async () => {
  server = await startTestServer('cloud');
  api = await openTenant(server, await signUpUser(server, 'search'), planIds.development);
  // Users made with a username alone sign in without being asked for an e-mail.
  await tenantData(server.db, api.tenantId).signUpByUsernameOrEmail();
  for (const [index, user] of seeded.entries()) {
    await server.db.execute(sql`insert into idp.users (tenant_id, id, username, primary_email, primary_phone, name, created_at)
      values (${api.tenantId}, ${user.id}, ${user.username}, ${user.primary_email}, ${user.primary_phone}, ${user.name}, now() - ${index} * interval '1 minute')`);
  }
});
afterAll(() => server?.close());

const request = (method: string, path: string, body?: unknown) => call(`${api.base}${path}`, api.token, method, body);

/** The usernames a query lists, and its total. */
const listed = async (query: string) => {
  const response = await request('GET', `/users?${query}`);
  expect(response.status).toBe(200);
  const items = ((await response.json()) as unknown[]).map((item) => tenantUserListItemGuard.parse(item));
  return { usernames: items.map((item) => item.username), total: Number(response.headers.get(totalNumberHeader)) };
};
const usernames = async (query: string) => (await listed(query)).usernames;

describe('a keyword of one or two characters', () => {
  test('matches the start of an id, username, e-mail, phone or name, in any case, not their middle', async () => {
    expect(await usernames('q=ze')).toEqual(['Zed_one']);
    expect(await usernames('q=ZE')).toEqual(['Zed_one']);
    expect(await usernames('q=zo')).toEqual(['bob']);
    expect(await usernames('q=x')).toEqual(['bob']);
    expect(await usernames('q=15')).toEqual(['carl']);
    expect(await usernames('q=us')).toEqual(['Zed_one', 'bob', 'carl', 'hazel', '_under']);
    // From three characters on, any part matches.
    expect(await usernames('q=aze')).toEqual(['hazel']);
    expect(await usernames('q=zeb')).toEqual(['hazel']);
  });

  test('is literal: % and _ match themselves', async () => {
    expect(await usernames('q=_')).toEqual(['_under']);
    expect(await usernames('q=%25')).toEqual([]);
  });

  test("searches a role's users the same way", async () => {
    const [role] = await insertRoles(server, api.tenantId, 'User', ['Prefix holders']);
    expect((await request('POST', `/roles/${role}/users`, { userIds: ['us0000000001', 'us0000000004'] })).status).toBe(201);
    const response = await request('GET', `/roles/${role}/users?q=h`);
    expect(((await response.json()) as { username: string }[]).map((user) => user.username)).toEqual(['hazel']);
  });
});

describe('the advanced search', () => {
  test('search.id repeated with mode.id=exact fetches a batch of users', async () => {
    expect(await listed('search.id=us0000000002&search.id=US0000000004&mode.id=exact')).toEqual({ usernames: ['bob', 'hazel'], total: 2 });
  });

  test('like takes a pattern; case-insensitive unless isCaseSensitive=true', async () => {
    expect(await usernames('search.username=zed%25')).toEqual(['Zed_one']);
    expect(await usernames('search.username=zed%25&isCaseSensitive=true')).toEqual([]);
    expect(await usernames('search.username=Zed%25&isCaseSensitive=true')).toEqual(['Zed_one']);
    expect(await usernames('search.name=%25zeb%25&mode.name=like')).toEqual(['hazel']);
    expect(await usernames('search.primaryPhone=%25000%25')).toEqual(['carl', '_under']);
  });

  test('exact compares whole values; e-mail addresses and phones as stored, whatever their case or format', async () => {
    expect(await usernames('search.username=ZED_ONE&mode.username=exact')).toEqual(['Zed_one']);
    expect(await usernames('search.username=ZED_ONE&mode.username=exact&isCaseSensitive=true')).toEqual([]);
    expect(await usernames('search.username=Zed_one&mode.username=exact&isCaseSensitive=true')).toEqual(['Zed_one']);
    expect(await usernames('search.username=Zed&mode.username=exact')).toEqual([]);
    expect(await usernames('search.primaryEmail=XBOB@Example.com&mode.primaryEmail=exact&isCaseSensitive=true')).toEqual(['bob']);
    expect(await usernames(`search.primaryPhone=${encodeURIComponent('+1 555-0001')}&mode.primaryPhone=exact`)).toEqual(['carl']);
  });

  test('fields join with or unless joint=and; the keyword and filters apply as well', async () => {
    const both = 'search.username=bob&mode.username=exact&search.name=Ann%20Zed&mode.name=exact';
    expect(await usernames(both)).toEqual(['Zed_one', 'bob']);
    expect(await usernames(`${both}&joint=and`)).toEqual([]);
    expect(await usernames('search.username=bob&mode.username=exact&search.name=Zoe&mode.name=exact&joint=and')).toEqual(['bob']);
    expect(await usernames(`${both}&q=xbo`)).toEqual(['bob']);
  });

  test('refuses an unknown field or mode, a mode without its search, two modes, too many values, and both exclusions', async () => {
    await expectError(await request('GET', '/users?search.customData=gold'), 400, 'guard.invalid_input');
    await expectError(await request('GET', '/users?search.name=a&mode.name=posix'), 400, 'guard.invalid_input');
    await expectError(await request('GET', '/users?mode.name=exact'), 400, 'guard.invalid_input');
    await expectError(await request('GET', '/users?search.name=a&mode.name=exact&mode.name=like'), 400, 'guard.invalid_input');
    const tooMany = Array.from({ length: userSearchValuesMax + 1 }, (_, n) => `search.id=id${n}`).join('&');
    await expectError(await request('GET', `/users?${tooMany}&mode.id=exact`), 400, 'guard.invalid_input');
    await expectError(await request('GET', '/users?joint=xor'), 400, 'guard.invalid_input');
    await expectError(await request('GET', '/users?excludeRoleId=r1&excludeOrganizationId=o1'), 400, 'guard.invalid_input');
  });

  test('excludeOrganizationId leaves out no one while no organization has members', async () => {
    expect(await listed('excludeOrganizationId=org1')).toEqual(await listed(''));
  });
});

describe('sort=lastSignInAt', () => {
  test('lists the latest sign-in first and those who never signed in last, whole or filtered', async () => {
    await server.db.execute(sql`update idp.users set last_sign_in_at = now() - interval '1 hour' where tenant_id = ${api.tenantId} and id = 'us0000000003'`);
    await server.db.execute(sql`update idp.users set last_sign_in_at = now() - interval '1 day' where tenant_id = ${api.tenantId} and id = 'us0000000001'`);
    expect(await listed('sort=lastSignInAt')).toEqual({ usernames: ['carl', 'Zed_one', '_under', 'hazel', 'bob'], total: 5 });
    expect(await listed('sort=lastSignInAt&page=2&page_size=2')).toEqual({ usernames: ['_under', 'hazel'], total: 5 });
    expect(await usernames('sort=lastSignInAt&q=example')).toEqual(['Zed_one', 'hazel', 'bob']);
    expect(await usernames('sort=createdAt&page_size=2')).toEqual(['Zed_one', 'bob']);
    await expectError(await request('GET', '/users?sort=name'), 400, 'guard.invalid_input');
  });
});

describe('usernames', () => {
  test('are unique in the tenant whatever their case', async () => {
    const created = await request('POST', '/users', { username: 'Case_User' });
    expect(created.status).toBe(201);
    await expectError(await request('POST', '/users', { username: 'case_user' }), 422, 'user.username_already_in_use');
    await expectError(await request('PATCH', '/users/us0000000002', { username: 'CASE_USER' }), 422, 'user.username_already_in_use');
    // Another tenant may have it.
    const other = await openTenant(server, await signUpUser(server, 'search_other'), planIds.development);
    expect((await call(`${other.base}/users`, other.token, 'POST', { username: 'case_user' })).status).toBe(201);
  });

  test('sign in whatever the case typed', async () => {
    const redirectUri = 'https://search.example.test/callback';
    const clientId = await tenantData(server.db, api.tenantId).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
    const client = { issuer: `${server.url}/t/${api.tenantId}/oidc`, clientId, redirectUri, scopes: ['openid', 'profile'], resources: [], prompt: 'consent' };
    const response = await request('POST', '/users', { username: 'Mixed_Case' });
    const user = createdUserGuard.parse(await response.json());
    const { tokens } = await (await authorize(client)).submit('password', { identifier: 'mIXED_cASE', password: user.password! });
    expect(decodeJwt(tokens!.id_token!)).toMatchObject({ sub: user.id, username: 'Mixed_Case' });
  });
});
