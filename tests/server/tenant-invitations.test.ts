import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invitationGuard, invitationLifetimeMs } from '#schemas/invitation.ts';
import { deleteExpiredRows } from '#server/db/cleanup.ts';
import { invitations, tenantMembers } from '#server/db/schema.ts';
import { call, expectError, signUpUser, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';
import { invitationRequests, startInvitationServer } from './invitation-support.ts';

let server: TestServer;
let admin: TestUser;
let tenantId: string;

beforeAll(async () => ({ server, admin, tenantId } = await startInvitationServer()));
afterAll(() => server?.close());

const { api, snapshot, mailTo, createTenant, inviteOk, setTimes } = invitationRequests(() => server, () => admin, () => tenantId);

describe('the tenant\'s invitations: list, revoke, resend', () => {
  test('are listed newest first for invite:member, 403 for a collaborator, 404 for a stranger', async () => {
    const [first] = await inviteOk(['list-a@example.com']);
    const [second] = await inviteOk(['list-b@example.com']);
    const response = await call(api(`/tenants/${tenantId}/invitations`), await admin.cloudToken(), 'GET');
    const list = z.array(invitationGuard).parse(await response.json());
    expect(list.findIndex((item) => item.id === second!.id)).toBeLessThan(list.findIndex((item) => item.id === first!.id));
    const collaborator = await signUpUser(server, 'viewer');
    await server.db.insert(tenantMembers).values({ tenantId, userId: collaborator.id, role: 'collaborator' });
    await expectError(await call(api(`/tenants/${tenantId}/invitations`), await collaborator.cloudToken(), 'GET'), 403, 'tenant.permission_denied');
    const stranger = await signUpUser(server, 'peeker');
    await expectError(await call(api(`/tenants/${tenantId}/invitations`), await stranger.cloudToken(), 'GET'), 404, 'tenant.not_found');
  });

  test('revoking: only a Pending one, only with the status Revoked, only in its own tenant', async () => {
    const [invitation] = await inviteOk(['revoke@example.com']);
    const path = api(`/tenants/${tenantId}/invitations/${invitation!.id}/status`);
    const other = await createTenant(admin, 'Elsewhere');
    const before = await snapshot();
    for (const body of [{ status: 'Accepted' }, { status: 'revoked' }, { status: 'Revoked', extra: 1 }, '{'])
      await expectError(await call(path, await admin.cloudToken(), 'PATCH', body), 400, typeof body === 'string' ? 'guard.invalid_json' : 'guard.invalid_input');
    await expectError(await call(api(`/tenants/${other}/invitations/${invitation!.id}/status`), await admin.cloudToken(), 'PATCH', { status: 'Revoked' }), 404, 'invitation.not_found');
    await expectError(await call(api(`/tenants/${tenantId}/invitations/unknown/status`), await admin.cloudToken(), 'PATCH', { status: 'Revoked' }), 404, 'invitation.not_found');
    expect(await snapshot()).toEqual(before);
    const response = await call(path, await admin.cloudToken(), 'PATCH', { status: 'Revoked' });
    expect(invitationGuard.parse(await response.json()).status).toBe('Revoked');
    await expectError(await call(path, await admin.cloudToken(), 'PATCH', { status: 'Revoked' }), 409, 'invitation.invalid_status');
  });

  test('resending mails the link again and renews the expiry; an expired one becomes Pending again', async () => {
    const [invitation] = await inviteOk(['resend@example.com']);
    await setTimes(invitation!.id, new Date(Date.now() - 8 * 86_400_000), new Date(Date.now() - 86_400_000));
    await deleteExpiredRows(server.db, server.config);
    const [stored] = await server.db.select().from(invitations).where(eq(invitations.id, invitation!.id));
    expect(stored!.status).toBe('Expired');
    const response = await call(api(`/tenants/${tenantId}/invitations/${invitation!.id}/message`), await admin.cloudToken(), 'POST');
    const renewed = invitationGuard.parse(await response.json());
    expect(renewed.status).toBe('Pending');
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.now() + invitationLifetimeMs - 60_000);
    expect((await mailTo('resend@example.com')).map((mail) => mail.links[0])).toEqual([
      `${server.url}/console/accept/${invitation!.id}`,
      `${server.url}/console/accept/${invitation!.id}`,
    ]);
  });

  test('a revoked or accepted invitation cannot be resent', async () => {
    const [invitation] = await inviteOk(['no-resend@example.com']);
    await call(api(`/tenants/${tenantId}/invitations/${invitation!.id}/status`), await admin.cloudToken(), 'PATCH', { status: 'Revoked' });
    const before = await snapshot();
    await expectError(await call(api(`/tenants/${tenantId}/invitations/${invitation!.id}/message`), await admin.cloudToken(), 'POST'), 409, 'invitation.invalid_status');
    expect(await snapshot()).toEqual(before);
  });
});
