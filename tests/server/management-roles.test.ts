import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { applicationGuard } from '#schemas/application.ts';
import { subscriptionUsageGuard } from '#schemas/billing.ts';
import { defaultTenantId, organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { linkChangesGuard } from '#schemas/link.ts';
import { exceededQuotaKeys, planIds, quotaExceededMessage } from '#schemas/quota.ts';
import { roleGuard, roleListItemGuard, roleScopeGuard, roleUserGuard } from '#schemas/role.ts';
import { users } from '#server/db/idp.ts';
import { tenants } from '#server/db/schema.ts';
import { managementApiScopeId } from '#server/tenant/resources/store.ts';
import { createTenant } from './billing-support.ts';
import { describeManagementResource, openTenant, type ManagementApi } from './contract/management-resource.ts';
import {
  applicationRoleRows,
  createApplication,
  createResourceWithScopes,
  createRole,
  insertApplications,
  insertRoles,
  insertScopes,
  insertUsers,
  roleRows,
  roleScopeRows,
  userRoleRows,
} from './idp-rows.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

describeManagementResource({
  name: 'roles',
  collection: async (api) => `${api.base}/roles`,
  create: (n) => ({ name: `reader-${n}`, description: `Reads part ${n}` }),
  search: (n) => `Reader-${n}`,
  invalid: { body: { name: '', description: 'Reads' }, path: 'name' },
  patch: { description: 'Changed' },
  quota: 'userRolesLimit',
  rows: roleRows,
});

/** The ids a link collection's items are made of, by the collection's URL: made in the database, beyond the free plan. */
const linkable = new Map<string, string[]>();
const twelve = (prefix: string) => Array.from({ length: 12 }, (_, n) => `${prefix}${n}`);

describeManagementResource({
  name: 'role permissions',
  collection: async (api) => {
    const collection = `${api.base}/roles/${(await createRole(api, { name: 'holder', type: 'MachineToMachine' })).id}/scopes`;
    linkable.set(collection, await insertScopes(api.server, api.tenantId, twelve('read:things-')));
    return collection;
  },
  create: (n, collection) => ({ scopeIds: [linkable.get(collection)![n]] }),
  search: (n) => `things-${n}`,
  invalid: { body: { scopeIds: [] }, path: 'scopeIds' },
  itemGet: false,
  quota: 'scopesPerRoleLimit',
  rows: roleScopeRows,
});

describeManagementResource({
  name: 'role applications',
  collection: async (api) => {
    const collection = `${api.base}/roles/${(await createRole(api, { name: 'workers', type: 'MachineToMachine' })).id}/applications`;
    linkable.set(collection, await insertApplications(api.server, api.tenantId, 'MachineToMachine', twelve('Worker ')));
    return collection;
  },
  create: (n, collection) => ({ applicationIds: [linkable.get(collection)![n]] }),
  search: (n) => `worker ${n}`,
  invalid: { body: { applicationIds: 'all' }, path: 'applicationIds' },
  itemGet: false,
  rows: applicationRoleRows,
});

describeManagementResource({
  name: 'role users',
  collection: async (api) => {
    const collection = `${api.base}/roles/${(await createRole(api, { name: 'members' })).id}/users`;
    linkable.set(collection, await insertUsers(api.server, api.tenantId, twelve('member_')));
    return collection;
  },
  create: (n, collection) => ({ userIds: [linkable.get(collection)![n]] }),
  search: (n) => `MEMBER_${n}@`,
  invalid: { body: { userIds: [''] }, path: 'userIds.0' },
  itemGet: false,
  rows: userRoleRows,
});

const list = async <T>(url: string, token: string, guard: z.ZodMiniType<T>) => {
  const response = await call(url, token, 'GET');
  expect(response.status).toBe(200);
  return z.array(guard).parse(await response.json());
};

describe('roles', () => {
  let server: TestServer;
  let user: TestUser;
  let api: ManagementApi;

  beforeAll(async () => {
    server = await startTestServer('cloud');
    user = await signUpUser(server, 'roles');
    api = await openTenant(server, user, planIds.development);
  });
  afterAll(() => server?.close());

  test('a role is made with its permissions in one transaction; an unknown permission leaves no role', async () => {
    const { resource, scopes } = await createResourceWithScopes(api, 'Orders', ['read:orders', 'write:orders']);
    const before = { roles: await roleRows(server, api.tenantId), links: await roleScopeRows(server, api.tenantId) };
    const unknown = await call(`${api.base}/roles`, api.token, 'POST', { name: 'clerk', description: 'Clerk', scopeIds: [scopes[0]!.id, 'no-such-scope'] });
    await expectError(unknown, 404, 'entity.not_exists_with_id');
    expect({ roles: await roleRows(server, api.tenantId), links: await roleScopeRows(server, api.tenantId) }).toEqual(before);

    const role = await createRole(api, { name: 'clerk', scopeIds: scopes.map((scope) => scope.id) });
    expect(role).toMatchObject({ name: 'clerk', type: 'User', isDefault: false });
    const held = await list(`${api.base}/roles/${role.id}/scopes`, api.token, roleScopeGuard);
    expect(held.map((scope) => ({ name: scope.name, resource: scope.resource }))).toEqual(
      scopes.map((scope) => ({ name: scope.name, resource: { id: resource.id, name: 'Orders', indicator: resource.indicator } })),
    );
    expect(roleGuard.parse(await (await call(`${api.base}/roles/${role.id}`, api.token, 'GET')).json())).toEqual(role);
  });

  test('names are unique; internal roles are never listed, made, changed or deleted', async () => {
    await createRole(api, { name: 'auditor' });
    await expectError(await call(`${api.base}/roles`, api.token, 'POST', { name: 'auditor', description: 'Again' }), 422, 'role.name_in_use');
    const internal = await call(`${api.base}/roles`, api.token, 'POST', { name: '#internal:admin', description: 'Mine' });
    await expectError(internal, 403, 'role.internal_role_violation');
    const [internalId] = await insertRoles(server, api.tenantId, 'MachineToMachine', ['#internal:admin']);
    const listed = await list(`${api.base}/roles?page_size=100`, api.token, roleListItemGuard);
    expect(listed.map((role) => role.name)).not.toContain('#internal:admin');
    const url = `${api.base}/roles/${internalId}`;
    await expectError(await call(url, api.token, 'PATCH', { description: 'Changed' }), 403, 'role.internal_role_violation');
    await expectError(await call(url, api.token, 'DELETE'), 403, 'role.internal_role_violation');
    await expectError(await call(`${url}/scopes`, api.token, 'POST', { scopeIds: [managementApiScopeId] }), 403, 'role.internal_role_violation');
    const auditor = listed.find((role) => role.name === 'auditor')!;
    await expectError(await call(`${api.base}/roles/${auditor.id}`, api.token, 'PATCH', { name: '#internal:x' }), 403, 'role.internal_role_violation');
    await expectError(await call(`${api.base}/roles/${auditor.id}`, api.token, 'PATCH', { name: 'clerk' }), 422, 'role.name_in_use');
  });

  test("the management API's permission goes to machine-to-machine roles only; only user roles are default", async () => {
    const body = { description: 'Admin', scopeIds: [managementApiScopeId] };
    await expectError(await call(`${api.base}/roles`, api.token, 'POST', { name: 'admin', ...body }), 400, 'role.management_api_scopes_not_assignable_to_user_role');
    const userRole = await createRole(api, { name: 'plain' });
    const toUserRole = await call(`${api.base}/roles/${userRole.id}/scopes`, api.token, 'POST', { scopeIds: [managementApiScopeId] });
    await expectError(toUserRole, 400, 'role.management_api_scopes_not_assignable_to_user_role');
    const robot = await createRole(api, { name: 'robot', type: 'MachineToMachine', ...body });
    const [all] = await list(`${api.base}/roles/${robot.id}/scopes`, api.token, roleScopeGuard);
    expect(all).toMatchObject({ name: 'all', resource: { indicator: resourceIndicators.management(api.tenantId) } });

    await expectError(await call(`${api.base}/roles`, api.token, 'POST', { name: 'robot-2', description: 'x', type: 'MachineToMachine', isDefault: true }), 400, 'role.default_role_must_be_user_role');
    await expectError(await call(`${api.base}/roles/${robot.id}`, api.token, 'PATCH', { isDefault: true }), 400, 'role.default_role_must_be_user_role');
    const patched = await call(`${api.base}/roles/${userRole.id}`, api.token, 'PATCH', { isDefault: true, description: 'Everyone' });
    expect(roleGuard.parse(await patched.json())).toMatchObject({ isDefault: true, description: 'Everyone', type: 'User' });
    await expectError(await call(`${api.base}/roles/${userRole.id}`, api.token, 'PATCH', { type: 'MachineToMachine' }), 400, 'guard.invalid_input');
  });

  test('links: apps only for machine-to-machine roles and apps, users only for user roles; a POST skips what is linked', async () => {
    const robot = await createRole(api, { name: 'linker', type: 'MachineToMachine' });
    const person = await createRole(api, { name: 'person' });
    const job = await createApplication(api, { name: 'Linked job', type: 'MachineToMachine' });
    const spa = await createApplication(api, { name: 'Linked web', type: 'SPA' });
    const [ann] = await insertUsers(server, api.tenantId, ['ann']);
    const before = { apps: await applicationRoleRows(server, api.tenantId), users: await userRoleRows(server, api.tenantId) };
    const post = (url: string, body: unknown) => call(`${api.base}${url}`, api.token, 'POST', body);
    await expectError(await post(`/roles/${person.id}/applications`, { applicationIds: [job.id] }), 422, 'application.invalid_role_type');
    await expectError(await post(`/roles/${robot.id}/applications`, { applicationIds: [job.id, spa.id] }), 422, 'application.invalid_type');
    await expectError(await post(`/roles/${robot.id}/applications`, { applicationIds: [job.id, 'nope'] }), 404, 'entity.not_exists_with_id');
    await expectError(await post(`/roles/${robot.id}/users`, { userIds: [ann] }), 422, 'user.invalid_role_type');
    await expectError(await post(`/roles/${person.id}/users`, { userIds: [ann, 'nobody'] }), 404, 'entity.not_exists_with_id');
    expect({ apps: await applicationRoleRows(server, api.tenantId), users: await userRoleRows(server, api.tenantId) }).toEqual(before);

    for (const added of [[job.id], []]) {
      const response = await post(`/roles/${robot.id}/applications`, { applicationIds: [job.id, job.id] });
      expect({ status: response.status, body: linkChangesGuard.parse(await response.json()) }).toEqual({ status: 201, body: { added } });
    }
    for (const added of [[ann], []]) expect(linkChangesGuard.parse(await (await post(`/roles/${person.id}/users`, { userIds: [ann] })).json())).toEqual({ added });
    expect((await list(`${api.base}/roles/${robot.id}/applications`, api.token, applicationGuard)).map((app) => app.id)).toEqual([job.id]);
    // With the users list's columns: the latest sign-in as an ISO string.
    await server.db.update(users).set({ lastSignInAt: new Date('2026-01-02T03:04:05.000Z'), isSuspended: true }).where(eq(users.id, ann));
    expect(await list(`${api.base}/roles/${person.id}/users`, api.token, z.strictObject(roleUserGuard.def.shape))).toEqual([
      {
        id: ann,
        username: 'ann',
        primaryEmail: 'ann@example.com',
        primaryPhone: null,
        name: 'ann',
        avatar: null,
        applicationId: null,
        lastSignInAt: '2026-01-02T03:04:05.000Z',
        isSuspended: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);

    expect((await call(`${api.base}/roles/${robot.id}/applications/${job.id}`, api.token, 'DELETE')).status).toBe(204);
    expect((await call(`${api.base}/roles/${person.id}/users/${ann}`, api.token, 'DELETE')).status).toBe(204);
    await expectError(await call(`${api.base}/roles/${person.id}/users/${ann}`, api.token, 'DELETE'), 404, 'entity.not_exists_with_id');
  });

  test('the list: by name, with how many users and apps hold each role, filtered by type and by what a user or app lacks', async () => {
    const fresh = await openTenant(server, user, planIds.development);
    const [zed, amy] = [await createRole(fresh, { name: 'zed' }), await createRole(fresh, { name: 'amy' })];
    const [bot, cron] = [await createRole(fresh, { name: 'bot', type: 'MachineToMachine' }), await createRole(fresh, { name: 'cron', type: 'MachineToMachine' })];
    const users = await insertUsers(server, fresh.tenantId, ['u1', 'u2']);
    const job = await createApplication(fresh, { name: 'Job', type: 'MachineToMachine' });
    await call(`${fresh.base}/roles/${zed.id}/users`, fresh.token, 'POST', { userIds: users });
    await call(`${fresh.base}/roles/${amy.id}/users`, fresh.token, 'POST', { userIds: [users[0]] });
    await call(`${fresh.base}/applications/${job.id}/roles`, fresh.token, 'POST', { roleIds: [bot.id] });
    const listed = await list(`${fresh.base}/roles`, fresh.token, roleListItemGuard);
    expect(listed.map(({ name, usersCount, applicationsCount }) => [name, usersCount, applicationsCount])).toEqual([
      ['amy', 1, 0],
      ['bot', 0, 1],
      ['cron', 0, 0],
      ['zed', 2, 0],
    ]);
    const namesOf = async (query: string) => (await list(`${fresh.base}/roles?${query}`, fresh.token, roleListItemGuard)).map((role) => role.name);
    expect(await namesOf('type=MachineToMachine')).toEqual(['bot', 'cron']);
    expect(await namesOf(`type=User&excludeUserId=${users[1]}`)).toEqual(['amy']);
    expect(await namesOf(`type=MachineToMachine&excludeApplicationId=${job.id}`)).toEqual([cron.name]);
    await expectError(await call(`${fresh.base}/roles?type=Robot`, fresh.token, 'GET'), 400, 'guard.invalid_input');

    expect((await call(`${fresh.base}/roles/${zed.id}`, fresh.token, 'DELETE')).status).toBe(204);
    expect((await userRoleRows(server, fresh.tenantId)).map((link) => link.roleId)).toEqual([amy.id]);
  });
});

describe('role quotas', () => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer('cloud');
    user = await signUpUser(server, 'rolequota');
  });
  afterAll(() => server?.close());

  test('the free plan: one machine-to-machine role, and one permission per role also when sent with POST /roles', async () => {
    const free = await openTenant(server, user, planIds.free);
    const scopeIds = await insertScopes(server, free.tenantId, ['a', 'b']);
    const tooMany = await call(`${free.base}/roles`, free.token, 'POST', { name: 'both', description: 'x', type: 'MachineToMachine', scopeIds });
    expect((await expectError(tooMany, 403, 'subscription.quota_exceeded')).message).toBe(quotaExceededMessage({ scopesPerRoleLimit: 1 }));
    expect({ roles: await roleRows(server, free.tenantId), links: await roleScopeRows(server, free.tenantId) }).toEqual({ roles: [], links: [] });
    const robot = await createRole(free, { name: 'one', type: 'MachineToMachine', scopeIds: [scopeIds[0]] });
    // Sending the permission it holds again adds nothing, so it fits.
    expect((await call(`${free.base}/roles/${robot.id}/scopes`, free.token, 'POST', { scopeIds: [scopeIds[0]] })).status).toBe(201);
    await expectError(await call(`${free.base}/roles/${robot.id}/scopes`, free.token, 'POST', { scopeIds }), 403, 'subscription.quota_exceeded');
    const second = await call(`${free.base}/roles`, free.token, 'POST', { name: 'two', description: 'x', type: 'MachineToMachine' });
    expect((await expectError(second, 403, 'subscription.quota_exceeded')).message).toBe(quotaExceededMessage({ machineToMachineRolesLimit: 1 }));
    await createRole(free, { name: 'person' });
    expect((await roleRows(server, free.tenantId)).map((role) => role.type).sort()).toEqual(['MachineToMachine', 'User']);
  });

  test('roles count in the subscription usage, and a downgrade beyond the free quota is refused', async () => {
    const tenantId = (await createTenant(server, user, { name: 'Paid roles', tag: 'production' })).id;
    await server.db.update(tenants).set({ planId: planIds.pro202411 }).where(eq(tenants.id, tenantId));
    const paid: ManagementApi = { server, tenantId, base: `${server.url}/m/${tenantId}/api`, token: await user.session.organizationToken(organizationIdOf(tenantId)) };
    const scopeIds = await insertScopes(server, tenantId, ['a', 'b']);
    const reader = await createRole(paid, { name: 'reader', scopeIds });
    await createRole(paid, { name: 'writer' });
    await createRole(paid, { name: 'robot', type: 'MachineToMachine' });
    const cloudToken = await user.cloudToken();
    const usage = subscriptionUsageGuard.parse(await (await call(`${server.url}/api/tenants/${tenantId}/subscription-usage`, cloudToken, 'GET')).json());
    expect({ userRoles: usage.usage.userRolesLimit, robots: usage.usage.machineToMachineRolesLimit, roles: usage.roles }).toEqual({
      userRoles: 2,
      robots: 1,
      roles: { [reader.id]: 2 },
    });
    const refused = await expectError(await call(`${server.url}/api/tenants/${tenantId}/subscription`, cloudToken, 'DELETE'), 403, 'subscription.quota_exceeded');
    expect(exceededQuotaKeys(refused.message)?.sort()).toEqual(['scopesPerResourceLimit', 'scopesPerRoleLimit', 'userRolesLimit']);
  });

  test('self-hosted: no quotas', async () => {
    const selfHosted = await startTestServer('self-hosted');
    try {
      const owner = await signUpUser(selfHosted, 'selfroles');
      const token = await owner.session.accessToken(resourceIndicators.management(defaultTenantId));
      const api: ManagementApi = { server: selfHosted, tenantId: defaultTenantId, base: `${selfHosted.url}/api`, token };
      const scopeIds = await insertScopes(selfHosted, defaultTenantId, ['a', 'b', 'c']);
      for (const name of ['one', 'two']) await createRole(api, { name, scopeIds });
      for (const name of ['bot-one', 'bot-two']) await createRole(api, { name, type: 'MachineToMachine', scopeIds });
      expect((await roleScopeRows(selfHosted, defaultTenantId)).length).toBe(12);
    } finally {
      await selfHosted.close();
    }
  });
});
