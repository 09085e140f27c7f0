import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { totalNumberHeader } from '#schemas/paging.ts';
import { planIds } from '#schemas/quota.ts';
import { countCap, tenantUserListItemGuard, totalNumberIsCappedHeader } from '#schemas/tenant-user.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { insertRoles } from './idp-rows.ts';
import { type TestServer, type TestUser } from './support.ts';
import { startUsersServer, userRequests } from './management-users-support.ts';

let server: TestServer;
let admin: TestUser;
let api: ManagementApi;

beforeAll(async () => ({ server, admin, api } = await startUsersServer()));
afterAll(() => server?.close());

const { request } = userRequests(() => server, () => api);

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
