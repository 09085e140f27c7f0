import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf } from '#schemas/constants.ts';
import { totalNumberHeader } from '#schemas/paging.ts';
import { planIds, quotaExceededMessage, quotaOf, type QuotaKey } from '#schemas/quota.ts';
import { tenants } from '#server/db/schema.ts';
import { otherCase } from '#tests/support/samples.ts';
import { createTenant } from '../billing-support.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from '../support.ts';

/** A tenant's management API as one member sees it. */
export type ManagementApi = { server: TestServer; tenantId: string; base: string; token: string };

/**
 * What the contract needs to know of one management resource. A new resource joins the suite with one
 * `describeManagementResource({...})` line in its test file.
 */
export type ManagementResourceSpec = {
  name: string;
  /** The collection's URL in the tenant of `api`; it may create the parents the collection needs. */
  collection: (api: ManagementApi) => Promise<string>;
  /** A valid create body for the collection at `collection`, different for each `n`, that `search(n)` finds alone. */
  create: (n: number, collection: string) => Record<string, unknown>;
  search: (n: number) => string;
  /** A create body the guard refuses, and the path its details name. */
  invalid: { body: Record<string, unknown>; path: string };
  /** A valid update, sent with PATCH to an item's URL; none when items are not updated (links). */
  patch?: Record<string, unknown>;
  /** Whether an item's URL answers GET (a link's does not). */
  itemGet?: boolean;
  /** The field that names an item in its URL. */
  key?: string;
  /** The plan quota that limits the collection on the free plan, if one does. */
  quota?: QuotaKey;
  /** The rows the tenant holds, to check that nothing is half-written. */
  rows: (server: TestServer, tenantId: string) => Promise<unknown[]>;
};

const expectCreated = (response: Response) => expect(response.status).toBe(201);

const listOf = async (url: string, token: string) => {
  const response = await call(url, token, 'GET');
  expect(response.status).toBe(200);
  return { items: (await response.json()) as Record<string, string>[], total: Number(response.headers.get(totalNumberHeader)) };
};

/** The management API of a new tenant of `admin`, on `planId`. */
export const openTenant = async (server: TestServer, admin: TestUser, planId: string): Promise<ManagementApi> => {
  const tenantId = (await createTenant(server, admin, { name: `Contract ${planId}`, tag: 'development' })).id;
  await server.db.update(tenants).set({ planId }).where(eq(tenants.id, tenantId));
  const token = await admin.session.organizationToken(organizationIdOf(tenantId));
  return { server, tenantId, base: `${server.url}/m/${tenantId}/api`, token };
};

export const describeManagementResource = (spec: ManagementResourceSpec) =>
  describe(`management resource contract: ${spec.name}`, () => {
    const itemUrl = (collection: string, item: Record<string, string> | undefined) => `${collection}/${encodeURIComponent(item![spec.key ?? 'id']!)}`;
    let server: TestServer;
    let admin: TestUser;
    /** An unlimited tenant (development plan) with the items of the paging and search tests. */
    let api: ManagementApi;
    let collection: string;

    beforeAll(async () => {
      server = await startTestServer('cloud');
      admin = await signUpUser(server, 'contract');
      api = await openTenant(server, admin, planIds.development);
      collection = await spec.collection(api);
    });
    afterAll(() => server?.close());

    test('lists page by page from page 1, with the number of all items in Total-Number', async () => {
      const before = (await listOf(`${collection}?page_size=100`, api.token)).total;
      for (let n = 0; n < 5; n += 1) expectCreated(await call(collection, api.token, 'POST', spec.create(n, collection)));
      const total = before + 5;
      const pages = [];
      for (let page = 1; page <= Math.ceil(total / 2); page += 1) {
        const listed = await listOf(`${collection}?page=${page}&page_size=2`, api.token);
        expect(listed.total).toBe(total);
        expect(listed.items.length).toBe(Math.min(2, total - (page - 1) * 2));
        pages.push(...listed.items.map((item) => item[spec.key ?? 'id']));
      }
      expect(new Set(pages).size).toBe(total);
      expect(await listOf(`${collection}?page=99&page_size=2`, api.token)).toEqual({ items: [], total });
      // A deleted item leaves the count at once.
      const [gone] = (await listOf(`${collection}?q=${encodeURIComponent(spec.search(4))}`, api.token)).items;
      expect((await call(itemUrl(collection, gone), api.token, 'DELETE')).ok).toBe(true);
      expect((await listOf(`${collection}?page_size=2`, api.token)).total).toBe(total - 1);
    });

    test('searches with q, in any case', async () => {
      const q = spec.search(3);
      expect(otherCase(q)).not.toBe(q);
      for (const query of [q, otherCase(q)]) {
        const listed = await listOf(`${collection}?q=${encodeURIComponent(query)}`, api.token);
        expect({ total: listed.total, names: listed.items.length }).toEqual({ total: 1, names: 1 });
      }
      expect((await listOf(`${collection}?q=no-such-thing-anywhere`, api.token)).total).toBe(0);
    });

    test('bad input is a 400 with details, and writes nothing', async () => {
      const before = await spec.rows(server, api.tenantId);
      const body = await expectError(await call(collection, api.token, 'POST', spec.invalid.body), 400, 'guard.invalid_input');
      expect(body.details).toContainEqual(expect.objectContaining({ path: spec.invalid.path }));
      const query = await expectError(await call(`${collection}?page=0&page_size=x`, api.token, 'GET'), 400, 'guard.invalid_input');
      expect(query.details).toEqual([expect.objectContaining({ path: 'page' }), expect.objectContaining({ path: 'page_size' })]);
      expect(await spec.rows(server, api.tenantId)).toEqual(before);
    });

    test('401 without a token; 403 without the scope the route needs', async () => {
      await expectError(await call(collection, undefined, 'GET'), 401, 'auth.authorization_header_missing');
      await expectError(await call(collection, undefined, 'POST', spec.create(10, collection)), 401, 'auth.authorization_header_missing');
      const readOnly = await admin.session.organizationToken(organizationIdOf(api.tenantId), 'read:data');
      expect((await call(collection, readOnly, 'GET')).status).toBe(200);
      const before = await spec.rows(server, api.tenantId);
      const refused = await expectError(await call(collection, readOnly, 'POST', spec.create(10, collection)), 403, 'auth.insufficient_scope');
      expect(refused.details).toEqual({ requiredScope: 'write:data' });
      const [item] = (await listOf(`${collection}?q=${encodeURIComponent(spec.search(1))}`, api.token)).items;
      await expectError(await call(itemUrl(collection, item), readOnly, 'DELETE'), 403, 'auth.insufficient_scope');
      expect(await spec.rows(server, api.tenantId)).toEqual(before);
    });

    test("another tenant's id is a 404, and that tenant's rows stay as they were", async () => {
      const other = await openTenant(server, admin, planIds.development);
      const [item] = (await listOf(`${collection}?q=${encodeURIComponent(spec.search(2))}`, api.token)).items;
      const otherCollection = await spec.collection(other);
      const before = await spec.rows(server, api.tenantId);
      const requests = [
        ...(spec.itemGet === false ? [] : [['GET'] as const]),
        ...(spec.patch ? [['PATCH', spec.patch] as const] : []),
        ['DELETE'] as const,
      ];
      for (const [method, body] of requests) {
        await expectError(await call(itemUrl(otherCollection, item), other.token, method, body), 404, 'entity.not_exists_with_id');
      }
      expect(await spec.rows(server, api.tenantId)).toEqual(before);
    });

    // A collection the plans do not limit has no quota to check.
    const { quota } = spec;
    if (quota) {
      test('the free plan quota answers the quota error, and writes nothing beyond it', async () => {
        const free = await openTenant(server, admin, planIds.free);
        const freeCollection = await spec.collection(free);
        const limit = quotaOf(planIds.free, quota) as number;
        for (let n = 0; n < limit; n += 1) expectCreated(await call(freeCollection, free.token, 'POST', spec.create(n, freeCollection)));
        const before = await spec.rows(server, free.tenantId);
        const refused = await expectError(await call(freeCollection, free.token, 'POST', spec.create(limit, freeCollection)), 403, 'subscription.quota_exceeded');
        expect(refused.message).toBe(quotaExceededMessage({ [quota]: limit }));
        expect(await spec.rows(server, free.tenantId)).toEqual(before);
      });

      test('the quota holds under concurrent creates', async () => {
        const free = await openTenant(server, admin, planIds.free);
        const freeCollection = await spec.collection(free);
        const before = (await spec.rows(server, free.tenantId)).length;
        const statuses = await Promise.all(
          Array.from({ length: 10 }, async (_, n) => (await call(freeCollection, free.token, 'POST', spec.create(n, freeCollection))).status),
        );
        const limit = quotaOf(planIds.free, quota) as number;
        expect(statuses.sort()).toEqual([...Array<number>(limit).fill(201), ...Array<number>(10 - limit).fill(403)]);
        expect((await spec.rows(server, free.tenantId)).length).toBe(before + limit);
      });
    }
  });
