import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planIds } from '#schemas/quota.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { insertUsers } from './idp-rows.ts';
import { managementMachine } from './tenant-runtime-support.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import { listLogs } from './log-support.ts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await signUpUser(server, 'logs');
});
afterAll(() => server?.close());

describe('management writes are logged in their transaction', () => {
  let api: ManagementApi;

  beforeAll(async () => {
    api = await openTenant(server, admin, planIds.development);
  });

  /** The logs of management writes from `since` on, oldest first. */
  const changesSince = async (since: number) => (await listLogs(api, `?page_size=100&start_time=${since}`)).items.reverse().filter((item) => item.key.startsWith('Management.'));
  const expectCalled = async (response: Response, status: number) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response.status === 204 ? undefined : ((await response.json()) as Record<string, string>);
  };

  test("each write names its key, target, changed fields and the console user who made it, from where", async () => {
    const since = Date.now();
    const resource = (await expectCalled(await call(`${api.base}/resources`, api.token, 'POST', { name: 'Orders', indicator: 'https://orders.example.test' }), 201))!;
    await expectCalled(await call(`${api.base}/resources/${resource.id}`, api.token, 'PATCH', { name: 'Orders API' }), 200);
    const scope = (await expectCalled(await call(`${api.base}/resources/${resource.id}/scopes`, api.token, 'POST', { name: 'read:orders' }), 201))!;
    const role = (await expectCalled(await call(`${api.base}/roles`, api.token, 'POST', { name: 'reader', description: 'Reads', scopeIds: [scope.id] }), 201))!;
    await expectCalled(await call(`${api.base}/roles/${role.id}`, api.token, 'PATCH', { description: 'Reads orders' }), 200);
    const [ann] = await insertUsers(server, api.tenantId, [`ann_${api.tenantId}`]);
    await expectCalled(await call(`${api.base}/roles/${role.id}/users`, api.token, 'POST', { userIds: [ann] }), 201);
    await expectCalled(await call(`${api.base}/roles/${role.id}/scopes/${scope.id}`, api.token, 'DELETE'), 204);
    await expectCalled(await call(`${api.base}/resources/${resource.id}/scopes/${scope.id}`, api.token, 'DELETE'), 204);
    await expectCalled(await call(`${api.base}/roles/${role.id}`, api.token, 'DELETE'), 204);

    const items = await changesSince(since);
    expect(items.map((item) => [item.key, item.payload.targetId])).toEqual([
      ['Management.Resource.Created', resource.id],
      ['Management.Resource.Updated', resource.id],
      ['Management.Scope.Created', scope.id],
      ['Management.Role.Created', role.id],
      ['Management.Role.Updated', role.id],
      ['Management.Role.AssigneesUpdated', role.id],
      ['Management.Role.ScopesUpdated', role.id],
      ['Management.Scope.Deleted', scope.id],
      ['Management.Role.Deleted', role.id],
    ]);
    for (const item of items) {
      expect(item.payload).toMatchObject({ result: 'Success', actor: { type: 'ConsoleUser', id: admin.id, display: admin.email }, ip: expect.any(String), userAgent: expect.any(String) });
    }
    const [created, renamed, , roleCreated, roleUpdated, assigned, unlinked] = items;
    expect(created!.payload.changes).toMatchObject({ name: { from: null, to: 'Orders' }, indicator: { from: null, to: 'https://orders.example.test' } });
    expect(renamed!.payload.changes).toEqual({ name: { from: 'Orders', to: 'Orders API' } });
    expect(roleCreated!.payload.changes).toMatchObject({ name: { from: null, to: 'reader' }, scopeIds: { from: null, to: [scope.id] } });
    expect(roleUpdated!.payload.changes).toEqual({ description: { from: 'Reads', to: 'Reads orders' } });
    // One user: the log is on that user's logs tab.
    expect(assigned!.payload).toMatchObject({ userId: ann, users: { added: [ann] } });
    expect(assigned!.user).toMatchObject({ id: ann });
    expect(unlinked!.payload).toMatchObject({ removed: [scope.id] });
  });

  test("an application's writes are on its logs tab, and never hold a secret's value", async () => {
    const since = Date.now();
    const created = (await expectCalled(await call(`${api.base}/applications`, api.token, 'POST', { name: 'Backend', type: 'MachineToMachine' }), 201)) as unknown as {
      id: string;
      secrets: { name: string; value: string }[];
    };
    const secret = (await expectCalled(await call(`${api.base}/applications/${created.id}/secrets`, api.token, 'POST', { name: 'Rotated' }), 201))!;
    await expectCalled(await call(`${api.base}/applications/${created.id}/secrets/Rotated`, api.token, 'PATCH', { name: 'Current' }), 200);
    await expectCalled(await call(`${api.base}/applications/${created.id}/secrets/${encodeURIComponent('Default secret')}`, api.token, 'DELETE'), 204);
    await expectCalled(await call(`${api.base}/applications/${created.id}`, api.token, 'PATCH', { description: 'Syncs orders' }), 200);
    await expectCalled(await call(`${api.base}/applications/${created.id}`, api.token, 'DELETE'), 204);

    const items = (await listLogs(api, `?applicationId=${created.id}&start_time=${since}`)).items.reverse();
    expect(items.map((item) => [item.key, item.payload.secret && (item.payload.secret as { action: string }).action])).toEqual([
      ['Management.Application.Created', undefined],
      ['Management.Application.SecretRotated', 'Created'],
      ['Management.Application.SecretRotated', 'Renamed'],
      ['Management.Application.SecretRotated', 'Deleted'],
      ['Management.Application.Updated', undefined],
      ['Management.Application.Deleted', undefined],
    ]);
    expect(items[0]!.payload.changes).toMatchObject({ name: { from: null, to: 'Backend' }, secretNames: { from: null, to: ['Default secret'] } });
    expect(items[4]!.payload.changes).toEqual({ description: { from: null, to: 'Syncs orders' } });
    // The app is gone: its logs stay, naming it no more.
    expect(items[5]!.application).toBeNull();
    const text = JSON.stringify(items.map((item) => item.payload));
    for (const value of [created.secrets[0]!.value, secret.value]) {
      expect(value).toEqual(expect.any(String));
      expect(text).not.toContain(value);
    }
  });

  test("a machine-to-machine app's write names the app as its actor", async () => {
    const { id: machine, token } = await managementMachine(server.db, server.url, api.tenantId);
    const since = Date.now();
    const created = (await expectCalled(await call(`${server.url}/t/${api.tenantId}/api/roles`, token, 'POST', { name: 'auditor', description: 'Audits' }), 201))!;
    const [log] = await changesSince(since);
    expect(log).toMatchObject({ key: 'Management.Role.Created', payload: { targetId: created.id, actor: { type: 'Application', id: machine, display: 'Provisioner' } } });
  });

  test('a write that fails leaves no log', async () => {
    const since = Date.now();
    const taken = (await expectCalled(await call(`${api.base}/roles`, api.token, 'POST', { name: 'taken', description: 'First' }), 201))!;
    await expectError(await call(`${api.base}/roles`, api.token, 'POST', { name: 'taken', description: 'Second' }), 422, 'role.name_in_use');
    await expectError(await call(`${api.base}/roles/no-such-role`, api.token, 'PATCH', { description: 'None' }), 404, 'entity.not_exists_with_id');
    await expectError(await call(`${api.base}/resources/no-such-resource`, api.token, 'DELETE'), 404, 'entity.not_exists_with_id');
    expect((await changesSince(since)).map((item) => [item.key, item.payload.targetId])).toEqual([['Management.Role.Created', taken.id]]);
  });
});
