import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { redacted } from '#schemas/log.ts';
import type { ManagementApi } from './contract/management-resource.ts';
import { expectError, type TestServer, type TestUser } from './support.ts';
import { startUsersServer, userRequests } from './management-users-support.ts';

let server: TestServer;
let admin: TestUser;
let api: ManagementApi;

beforeAll(async () => ({ server, admin, api } = await startUsersServer()));
afterAll(() => server?.close());

const { request, created, rowOf, logsOf, unique } = userRequests(() => server, () => api);

describe('the audit log', () => {
  test('each write is logged with the console user who made it and the changed fields, secrets redacted', async () => {
    const name = unique('log_');
    const user = await created({ username: name, primaryEmail: `${name}@example.com`, password: 'Correct-Horse-42' });
    expect((await request('PATCH', `/users/${user.id}`, { name: 'Logged' })).status).toBe(200);
    expect((await request('PATCH', `/users/${user.id}/password`, { password: 'Another-Horse-43' })).status).toBe(200);
    expect((await request('PATCH', `/users/${user.id}/is-suspended`, { isSuspended: true })).status).toBe(200);
    const rows = await logsOf(user.id);
    expect(rows.map((row) => row.key)).toEqual(['Management.User.Created', 'Management.User.Updated', 'Management.User.PasswordReset', 'Management.User.SuspensionUpdated']);
    const actor = { type: 'ConsoleUser', id: admin.id };
    expect(rows[0]!.payload).toMatchObject({
      result: 'Success',
      actor,
      targetId: user.id,
      changes: {
        username: { from: null, to: name },
        primaryEmail: { from: null, to: `${name}@example.com` },
        password: { from: redacted, to: redacted },
      },
    });
    expect(rows[1]!.payload).toMatchObject({ actor, changes: { name: { from: null, to: 'Logged' } } });
    expect(rows[2]!.payload.changes).toEqual({ password: { from: redacted, to: redacted } });
    expect(rows[3]!.payload.changes).toEqual({ isSuspended: { from: false, to: true } });
    const hash = (await rowOf(user.id))!.passwordEncrypted!;
    for (const secret of ['Correct-Horse-42', 'Another-Horse-43', hash]) expect(JSON.stringify(rows)).not.toContain(secret);

    expect((await request('DELETE', `/users/${user.id}`)).status).toBe(204);
    expect((await logsOf(user.id)).at(-1)).toMatchObject({ key: 'Management.User.Deleted', userId: user.id });
  });

  test('a write that fails logs nothing', async () => {
    const name = unique('nolog_');
    const user = await created({ username: name });
    const before = await logsOf(user.id);
    const taken = await created({ username: unique('other_') });
    await expectError(await request('PATCH', `/users/${user.id}`, { username: taken.username }), 422, 'user.username_already_in_use');
    await expectError(await request('PATCH', `/users/${user.id}/password`, { password: 'short' }), 422, 'password.rejected');
    await expectError(await request('POST', `/users/${user.id}/roles`, { roleIds: ['nosuchrole'] }), 404, 'entity.not_exists_with_id');
    expect(await logsOf(user.id)).toEqual(before);
  });
});
