import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { subscriptionUsageGuard } from '#schemas/billing.ts';
import { defaultTenantId, organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { exceededQuotaKeys, planIds } from '#schemas/quota.ts';
import { resourceGuard, scopeGuard } from '#schemas/resource.ts';
import { resources, scopes } from '#server/db/idp.ts';
import { tenants } from '#server/db/schema.ts';
import { createTenant } from './billing-support.ts';
import { describeManagementResource, openTenant, type ManagementApi } from './contract/management-resource.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

const resourceRows = (server: TestServer, tenantId: string) =>
  server.db.select().from(resources).where(eq(resources.tenantId, tenantId)).orderBy(asc(resources.id));
const scopeRows = (server: TestServer, tenantId: string) =>
  server.db.select().from(scopes).where(eq(scopes.tenantId, tenantId)).orderBy(asc(scopes.id));

const createResource = async (api: ManagementApi, name: string, indicator = `https://${name.toLowerCase().replaceAll(' ', '-')}.example.test`) => {
  const response = await call(`${api.base}/resources`, api.token, 'POST', { name, indicator });
  expect(response.status).toBe(201);
  return resourceGuard.parse(await response.json());
};

describeManagementResource({
  name: 'API resources',
  collection: async (api) => `${api.base}/resources`,
  create: (n) => ({ name: `Orders ${n}`, indicator: `https://orders-${n}.example.test` }),
  search: (n) => `orders-${n}.example`,
  invalid: { body: { name: '', indicator: 'not a uri' }, path: 'indicator' },
  patch: { name: 'Renamed' },
  quota: 'resourcesLimit',
  rows: resourceRows,
});

describeManagementResource({
  name: 'API resource permissions',
  collection: async (api) => `${api.base}/resources/${(await createResource(api, 'Inventory')).id}/scopes`,
  create: (n) => ({ name: `read:items-${n}`, description: `Reads items of kind ${n}` }),
  search: (n) => `kind ${n}`,
  invalid: { body: { name: 'read items' }, path: 'name' },
  patch: { description: 'Changed' },
  quota: 'scopesPerResourceLimit',
  rows: scopeRows,
});

describe('API resources', () => {
  let server: TestServer;
  let api: ManagementApi;

  beforeAll(async () => {
    server = await startTestServer('cloud');
    api = await openTenant(server, await signUpUser(server, 'resources'), planIds.free);
  });
  afterAll(() => server?.close());

  test('a member\'s token stops working when their sign-in ends, in their tenant and in one deleted since', async () => {
    const member = await signUpUser(server, 'ended');
    const own = await openTenant(server, member, planIds.free);
    const gone = await openTenant(server, member, planIds.free);
    await server.db.delete(tenants).where(eq(tenants.id, gone.tenantId));
    expect((await call(`${own.base}/resources`, own.token, 'GET')).status).toBe(200);
    await expectError(await call(`${gone.base}/resources`, gone.token, 'GET'), 404, 'tenant.not_found');
    await member.session.signOut();
    for (const { base, token } of [own, gone]) {
      const { message } = await expectError(await call(`${base}/resources`, token, 'GET'), 401, 'auth.unauthorized');
      expect(message).toBe('The sign-in this access token belongs to has ended.');
    }
  });

  const managementApiOf = async () => {
    const response = await call(`${api.base}/resources?includeScopes=true`, api.token, 'GET');
    const [first] = (await response.json()) as { id: string; isBuiltIn: boolean; scopes: unknown[] }[];
    return first!;
  };

  test('each tenant has the built-in management API with the permission all, listed first', async () => {
    const builtIn = await managementApiOf();
    expect(builtIn).toMatchObject({
      name: 'Gatehouse Management API',
      indicator: resourceIndicators.management(api.tenantId),
      isBuiltIn: true,
      isDefault: false,
      accessTokenTtl: 3600,
      scopes: [expect.objectContaining({ name: 'all', resourceId: builtIn.id })],
    });
  });

  test('the management API: only its token lifetime changes; no rename, default, delete or permission changes', async () => {
    const { id } = await managementApiOf();
    const url = `${api.base}/resources/${id}`;
    const before = await scopeRows(server, api.tenantId);
    await expectError(await call(url, api.token, 'PATCH', { name: 'Mine' }), 400, 'resource.cannot_modify_management_api');
    await expectError(await call(`${url}/is-default`, api.token, 'PATCH', { isDefault: true }), 400, 'resource.cannot_modify_management_api');
    await expectError(await call(url, api.token, 'DELETE'), 400, 'resource.cannot_delete_management_api');
    await expectError(await call(`${url}/scopes`, api.token, 'POST', { name: 'more' }), 400, 'resource.cannot_modify_management_api');
    const [all] = before;
    await expectError(await call(`${url}/scopes/${all!.id}`, api.token, 'DELETE'), 400, 'resource.cannot_modify_management_api');
    const patched = await call(url, api.token, 'PATCH', { accessTokenTtl: 600 });
    expect(resourceGuard.parse(await patched.json())).toMatchObject({ accessTokenTtl: 600, name: 'Gatehouse Management API' });
    expect(await scopeRows(server, api.tenantId)).toEqual(before);
  });

  test('identifiers: the reserved prefix is refused, and neither the identifier nor the default is changed by PATCH', async () => {
    const reserved = await call(`${api.base}/resources`, api.token, 'POST', { name: 'Look-alike', indicator: 'urn:gatehouse:api:management:x' });
    await expectError(reserved, 422, 'resource.reserved_indicator');
    // The free plan allows one resource besides the management API.
    const created = await createResource(api, 'Kept');
    for (const patch of [{ indicator: 'https://x.example.test' }, { isDefault: true }]) {
      await expectError(await call(`${api.base}/resources/${created.id}`, api.token, 'PATCH', patch), 400, 'guard.invalid_input');
    }
  });

  test('permissions: whitespace refused, names unique per resource, description editable', async () => {
    const [resource] = (await resourceRows(server, api.tenantId)).filter((row) => !row.isBuiltIn);
    const url = `${api.base}/resources/${resource!.id}/scopes`;
    await expectError(await call(url, api.token, 'POST', { name: 'read orders' }), 400, 'guard.invalid_input');
    const created = await call(url, api.token, 'POST', { name: 'read:orders' });
    const scope = scopeGuard.parse(await created.json());
    expect(scope).toMatchObject({ name: 'read:orders', description: null, resourceId: resource!.id });
    const patched = await call(`${url}/${scope.id}`, api.token, 'PATCH', { description: 'Read the orders' });
    expect(scopeGuard.parse(await patched.json()).description).toBe('Read the orders');
    expect((await call(`${url}/${scope.id}`, api.token, 'DELETE')).status).toBe(204);
    await expectError(await call(`${url}/${scope.id}`, api.token, 'DELETE'), 404, 'entity.not_exists_with_id');
  });

  test('a permission name is a scope token (RFC 6749 §3.3); names and descriptions shown at consent are plain', async () => {
    const [resource] = (await resourceRows(server, api.tenantId)).filter((row) => !row.isBuiltIn);
    const url = `${api.base}/resources/${resource!.id}/scopes`;
    for (const name of ['réad:x', 'read:\u202Ex', 'read\\x', 'read"x', 'read:\u00A0x']) {
      const refused = await expectError(await call(url, api.token, 'POST', { name }), 400, 'guard.invalid_input');
      expect(refused.details).toEqual([expect.objectContaining({ path: 'name' })]);
    }
    const reversed = 'Read \u202Esredro';
    const description = await expectError(await call(url, api.token, 'POST', { name: 'read:x', description: reversed }), 400, 'guard.invalid_input');
    expect(description.details).toEqual([expect.objectContaining({ path: 'description' })]);
    const named = await expectError(await call(`${api.base}/resources`, api.token, 'POST', { name: reversed, indicator: 'https://rlo.example.test' }), 400, 'guard.invalid_input');
    expect(named.details).toEqual([expect.objectContaining({ path: 'name' })]);
    await expectError(await call(`${api.base}/resources/${resource!.id}`, api.token, 'PATCH', { name: reversed }), 400, 'guard.invalid_input');
    const created = await call(url, api.token, 'POST', { name: "!#$%&'()*+,-./:;<=>?@[]^_`{|}~Az09" });
    expect(created.status).toBe(201);
    expect((await call(`${url}/${scopeGuard.parse(await created.json()).id}`, api.token, 'PATCH', { description: reversed })).status).toBe(400);
  });
});

describe('the default API and unlimited tenants', () => {
  let server: TestServer;
  let user: TestUser;
  let api: ManagementApi;

  beforeAll(async () => {
    server = await startTestServer('cloud');
    user = await signUpUser(server, 'defaults');
    api = await openTenant(server, user, planIds.development);
  });
  afterAll(() => server?.close());

  test('at most one default API: making another the default turns the first off; a name per resource', async () => {
    const first = await createResource(api, 'One');
    const second = await createResource(api, 'Two');
    const setDefault = (id: string, isDefault: boolean) => call(`${api.base}/resources/${id}/is-default`, api.token, 'PATCH', { isDefault });
    expect(resourceGuard.parse(await (await setDefault(first.id, true)).json()).isDefault).toBe(true);
    expect(resourceGuard.parse(await (await setDefault(second.id, true)).json()).isDefault).toBe(true);
    const rows = await resourceRows(server, api.tenantId);
    expect(rows.filter((row) => row.isDefault).map((row) => row.id)).toEqual([second.id]);
    expect(resourceGuard.parse(await (await setDefault(second.id, false)).json()).isDefault).toBe(false);
    const url = (id: string) => `${api.base}/resources/${id}/scopes`;
    expect((await call(url(first.id), api.token, 'POST', { name: 'read' })).status).toBe(201);
    expect((await call(url(second.id), api.token, 'POST', { name: 'read' })).status).toBe(201);
    await expectError(await call(url(first.id), api.token, 'POST', { name: 'read' }), 422, 'scope.name_exists');
  });

  test('an identifier is unique in its tenant', async () => {
    const taken = await createResource(api, 'Taken');
    const again = await call(`${api.base}/resources`, api.token, 'POST', { name: 'Again', indicator: taken.indicator });
    await expectError(again, 422, 'resource.resource_identifier_in_use');
  });

  test('resources and permissions count in the subscription usage, and a downgrade beyond the free quota is refused', async () => {
    const tenantId = (await createTenant(server, user, { name: 'Paid', tag: 'production' })).id;
    await server.db.update(tenants).set({ planId: planIds.pro202411 }).where(eq(tenants.id, tenantId));
    const paid: ManagementApi = { ...api, tenantId, base: `${server.url}/m/${tenantId}/api`, token: await user.session.organizationToken(organizationIdOf(tenantId)) };
    const [one] = [await createResource(paid, 'One'), await createResource(paid, 'Two')];
    for (const name of ['a', 'b']) expect((await call(`${paid.base}/resources/${one!.id}/scopes`, paid.token, 'POST', { name })).status).toBe(201);
    const usage = subscriptionUsageGuard.parse(await (await call(`${server.url}/api/tenants/${tenantId}/subscription-usage`, await user.cloudToken(), 'GET')).json());
    expect({ resourcesLimit: usage.usage.resourcesLimit, resources: usage.resources }).toEqual({ resourcesLimit: 2, resources: { [one!.id]: 2 } });
    const refused = await expectError(await call(`${server.url}/api/tenants/${tenantId}/subscription`, await user.cloudToken(), 'DELETE'), 403, 'subscription.quota_exceeded');
    expect(exceededQuotaKeys(refused.message)?.sort()).toEqual(['resourcesLimit', 'scopesPerResourceLimit']);
  });

  test('deleting a resource deletes its permissions', async () => {
    const gone = await createResource(api, 'Gone');
    await call(`${api.base}/resources/${gone.id}/scopes`, api.token, 'POST', { name: 'a' });
    expect((await call(`${api.base}/resources/${gone.id}`, api.token, 'DELETE')).status).toBe(204);
    expect((await scopeRows(server, api.tenantId)).filter((row) => row.resourceId === gone.id)).toEqual([]);
    await expectError(await call(`${api.base}/resources/${gone.id}`, api.token, 'GET'), 404, 'entity.not_exists_with_id');
  });
});

describe('self-hosted', () => {
  test('the default tenant has its management API and no quotas, at /api with the management token', async () => {
    const server = await startTestServer('self-hosted');
    try {
      const owner = await signUpUser(server, 'selfowner');
      const token = await owner.session.accessToken(resourceIndicators.management(defaultTenantId));
      const api: ManagementApi = { server, tenantId: defaultTenantId, base: `${server.url}/api`, token };
      const [one, two] = [await createResource(api, 'One'), await createResource(api, 'Two')];
      for (const name of ['a', 'b']) expect((await call(`${api.base}/resources/${one.id}/scopes`, token, 'POST', { name })).status).toBe(201);
      const listed = await call(`${api.base}/resources`, token, 'GET');
      expect(listed.headers.get('Total-Number')).toBe('3');
      expect(((await listed.json()) as { id: string }[]).map((row) => row.id).slice(1).sort()).toEqual([one.id, two.id].sort());
    } finally {
      await server.close();
    }
  });
});
