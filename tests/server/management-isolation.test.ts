import { afterAll, beforeAll, expect, test } from 'vitest';
import { planIds } from '#schemas/quota.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import {
  applicationRoleRows,
  applicationRows,
  createApplication,
  createResourceWithScopes,
  createRole,
  insertUsers,
  roleRows,
  roleScopeRows,
  secretRows,
  userRoleRows,
  userRows,
} from './idp-rows.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer } from './support.ts';

/**
 * Two tenants with the same data: no applications, roles, users or audit log endpoint of one answers, changes or links data of the
 * other. Each id of the first tenant is a 404 in the second, and the second's lists never name the first's ids.
 */
let server: TestServer;
let first: Awaited<ReturnType<typeof seed>>;
let second: Awaited<ReturnType<typeof seed>>;

const seed = async (api: ManagementApi) => {
  const { scopes } = await createResourceWithScopes(api, 'Orders', ['read:orders']);
  const scope = scopes[0]!.id;
  const sync = await createRole(api, { name: 'sync', type: 'MachineToMachine', scopeIds: [scope] });
  const reader = await createRole(api, { name: 'reader', scopeIds: [scope] });
  const job = await createApplication(api, { name: 'Job', type: 'MachineToMachine' });
  await createApplication(api, { name: 'Web', type: 'SPA' });
  const [ann] = await insertUsers(api.server, api.tenantId, [`ann_${api.tenantId}`]);
  expect((await call(`${api.base}/applications/${job.id}/roles`, api.token, 'POST', { roleIds: [sync.id] })).status).toBe(201);
  expect((await call(`${api.base}/roles/${reader.id}/users`, api.token, 'POST', { userIds: [ann] })).status).toBe(201);
  // The audit log of these writes.
  const [log] = (await (await call(`${api.base}/logs?page_size=1`, api.token, 'GET')).json()) as { id: string }[];
  return { api, scope, sync: sync.id, reader: reader.id, job: job.id, ann: ann!, log: log!.id };
};

const rowsOf = async (tenantId: string) => ({
  applications: await applicationRows(server, tenantId),
  secrets: await secretRows(server, tenantId),
  roles: await roleRows(server, tenantId),
  roleScopes: await roleScopeRows(server, tenantId),
  applicationRoles: await applicationRoleRows(server, tenantId),
  userRoles: await userRoleRows(server, tenantId),
  users: await userRows(server, tenantId),
});

beforeAll(async () => {
  server = await startTestServer('cloud');
  const user = await signUpUser(server, 'isolation');
  first = await seed(await openTenant(server, user, planIds.development));
  second = await seed(await openTenant(server, user, planIds.development));
});
afterAll(() => server?.close());

test("every applications, roles, users and logs endpoint answers 404 for the other tenant's ids, and changes nothing of it", async () => {
  const { job, sync, reader, scope, ann, log } = first;
  const own = second;
  const secret = encodeURIComponent('Default secret');
  const requests: [string, string, unknown?][] = [
    ['GET', `/applications/${job}`],
    ['PATCH', `/applications/${job}`, { name: 'Taken' }],
    ['DELETE', `/applications/${job}`],
    ['GET', `/applications/${job}/secrets`],
    ['POST', `/applications/${job}/secrets`, { name: 'stolen' }],
    ['PATCH', `/applications/${job}/secrets/${secret}`, { name: 'stolen' }],
    ['DELETE', `/applications/${job}/secrets/${secret}`],
    ['GET', `/applications/${job}/roles`],
    ['POST', `/applications/${job}/roles`, { roleIds: [own.sync] }],
    ['PUT', `/applications/${job}/roles`, { roleIds: [own.sync] }],
    ['DELETE', `/applications/${job}/roles/${sync}`],
    ['POST', `/applications/${own.job}/roles`, { roleIds: [sync] }],
    ['PUT', `/applications/${own.job}/roles`, { roleIds: [sync] }],
    ['DELETE', `/applications/${own.job}/roles/${sync}`],
    ['GET', `/roles/${reader}`],
    ['PATCH', `/roles/${reader}`, { description: 'Taken' }],
    ['DELETE', `/roles/${reader}`],
    ['POST', '/roles', { name: 'thief', description: 'Takes', scopeIds: [scope] }],
    ['GET', `/roles/${reader}/scopes`],
    ['POST', `/roles/${reader}/scopes`, { scopeIds: [own.scope] }],
    ['DELETE', `/roles/${reader}/scopes/${scope}`],
    ['POST', `/roles/${own.reader}/scopes`, { scopeIds: [scope] }],
    ['DELETE', `/roles/${own.reader}/scopes/${scope}`],
    ['GET', `/roles/${sync}/applications`],
    ['POST', `/roles/${sync}/applications`, { applicationIds: [own.job] }],
    ['DELETE', `/roles/${sync}/applications/${job}`],
    ['POST', `/roles/${own.sync}/applications`, { applicationIds: [job] }],
    ['DELETE', `/roles/${own.sync}/applications/${job}`],
    ['GET', `/roles/${reader}/users`],
    ['POST', `/roles/${reader}/users`, { userIds: [own.ann] }],
    ['DELETE', `/roles/${reader}/users/${ann}`],
    ['POST', `/roles/${own.reader}/users`, { userIds: [ann] }],
    ['DELETE', `/roles/${own.reader}/users/${ann}`],
    ['GET', `/users/${ann}`],
    ['PATCH', `/users/${ann}`, { name: 'Taken' }],
    ['PATCH', `/users/${ann}/custom-data`, { customData: { taken: true } }],
    ['PATCH', `/users/${ann}/profile`, { profile: { nickname: 'Taken' } }],
    ['PATCH', `/users/${ann}/password`, { password: 'Taken-Over-42' }],
    ['POST', `/users/${ann}/password/generate`],
    ['GET', `/users/${ann}/has-password`],
    ['PATCH', `/users/${ann}/is-suspended`, { isSuspended: true }],
    ['DELETE', `/users/${ann}`],
    ['GET', `/users/${ann}/mfa-verifications`],
    ['DELETE', `/users/${ann}/mfa-verifications/totp`],
    ['GET', `/users/${ann}/identities`],
    ['PUT', `/users/${ann}/identities/github`, { userId: 'taken' }],
    ['DELETE', `/users/${ann}/identities/github`],
    ['DELETE', `/users/${ann}/sso-identities/acme`],
    ['GET', `/users/${ann}/roles`],
    ['POST', `/users/${ann}/roles`, { roleIds: [own.reader] }],
    ['PUT', `/users/${ann}/roles`, { roleIds: [own.reader] }],
    ['DELETE', `/users/${ann}/roles/${reader}`],
    ['GET', `/users/${ann}/organizations`],
    ['POST', `/users/${own.ann}/roles`, { roleIds: [reader] }],
    ['PUT', `/users/${own.ann}/roles`, { roleIds: [reader] }],
    ['DELETE', `/users/${own.ann}/roles/${reader}`],
    ['GET', `/logs/${log}`],
  ];
  const before = { first: await rowsOf(first.api.tenantId), second: await rowsOf(own.api.tenantId) };
  for (const [method, path, body] of requests) {
    const response = await call(`${own.api.base}${path}`, own.api.token, method, body);
    expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 404`);
    await expectError(response, 404, 'entity.not_exists_with_id');
  }
  expect({ first: await rowsOf(first.api.tenantId), second: await rowsOf(own.api.tenantId) }).toEqual(before);
});

test("no list of a tenant names the other tenant's data", async () => {
  const { api, job, sync, reader, ann } = second;
  const foreign = Object.values(first).filter((value): value is string => typeof value === 'string');
  const lists = [
    '/applications?page_size=100',
    `/applications?excludeRoleId=${first.sync}`,
    `/applications/${job}/secrets`,
    `/applications/${job}/roles`,
    '/roles?page_size=100',
    `/roles?excludeUserId=${first.ann}&excludeApplicationId=${first.job}`,
    `/roles/${reader}/scopes`,
    `/roles/${sync}/applications`,
    `/roles/${reader}/users`,
    '/users?page_size=100',
    `/users?excludeRoleId=${first.reader}`,
    `/users?q=ann_`,
    `/users/${ann}/roles`,
    '/logs?page_size=100',
    `/logs?applicationId=${job}`,
  ];
  for (const path of lists) {
    const response = await call(`${api.base}${path}`, api.token, 'GET');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).not.toEqual([]);
    for (const id of foreign) expect(text, path).not.toContain(id);
  }
  // The other tenant's links do not count in this tenant's list.
  const [listed] = (await (await call(`${api.base}/roles?q=reader`, api.token, 'GET')).json()) as { usersCount: number }[];
  expect(listed!.usersCount).toBe(1);
  expect(ann).not.toBe(first.ann);
});

test("identifiers and social identities are unique per tenant: the other tenant's are free in this one", async () => {
  const user = (await (await call(`${first.api.base}/users/${first.ann}`, first.api.token, 'GET')).json()) as { username: string; primaryEmail: string };
  expect((await call(`${first.api.base}/users/${first.ann}/identities/github`, first.api.token, 'PUT', { userId: 'octo' })).status).toBe(200);
  const created = await call(`${second.api.base}/users`, second.api.token, 'POST', { username: user.username, primaryEmail: user.primaryEmail });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await call(`${second.api.base}/users/${id}/identities/github`, second.api.token, 'PUT', { userId: 'octo' })).status).toBe(200);
});
