// PostgreSQL pass: two simultaneous accepts race for one membership
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf, tenantRoles } from '#schemas/constants.ts';
import { insufficientPermissionsMessage } from '#schemas/error.ts';
import { invitationGuard, invitationLifetimeMs, type Invitation } from '#schemas/invitation.ts';
import { tenantMembers } from '#server/db/schema.ts';
import { decodeJwt } from '../support/oidc-client.ts';
import { call, expectError, signUpUser, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';
import { invitationRequests, startInvitationServer } from './invitation-support.ts';

let server: TestServer;
let admin: TestUser;
let tenantId: string;

beforeAll(async () => ({ server, admin, tenantId } = await startInvitationServer()));
afterAll(() => server?.close());

const { api, snapshot, inviteOk, accept, setTimes } = invitationRequests(() => server, () => admin, () => tenantId);

describe('the invitee: GET /api/invitations, GET and accept one', () => {
  let invitee: TestUser;
  let other: TestUser;
  let invitation: Invitation;

  beforeAll(async () => {
    invitee = await signUpUser(server, 'joiner');
    other = await signUpUser(server, 'bystander');
    [invitation] = (await inviteOk([invitee.email.toUpperCase()])) as [Invitation];
  });

  test('lists the invitations sent to the user\'s e-mail, and none for others', async () => {
    const mine = z.array(invitationGuard).parse(await (await call(api('/invitations'), await invitee.cloudToken(), 'GET')).json());
    expect(mine.map((item) => [item.id, item.status])).toEqual([[invitation.id, 'Pending']]);
    expect(await (await call(api('/invitations'), await other.cloudToken(), 'GET')).json()).toEqual([]);
    await expectError(await call(api('/invitations'), undefined, 'GET'), 401, 'auth.authorization_header_missing');
  });

  test('one invitation: 200 for the invitee, 403 for another e-mail, 404 when unknown', async () => {
    const response = await call(api(`/invitations/${invitation.id}`), await invitee.cloudToken(), 'GET');
    expect(invitationGuard.parse(await response.json())).toMatchObject({ id: invitation.id, tenantName: 'Acme', status: 'Pending' });
    const mismatch = await expectError(await call(api(`/invitations/${invitation.id}`), await other.cloudToken(), 'GET'), 403, 'invitation.email_mismatch');
    expect(mismatch.message).not.toBe(insufficientPermissionsMessage);
    await expectError(await call(api('/invitations/unknown'), await invitee.cloudToken(), 'GET'), 404, 'invitation.not_found');
  });

  test('accepting: bad bodies are 400, another account is 403, an unknown id is 404; nothing is written', async () => {
    const before = await snapshot();
    for (const body of [{ status: 'Revoked' }, { status: 'Pending' }, { status: 'accepted' }, { status: true }, {}, '[']) {
      await expectError(await accept(invitee, invitation.id, body), 400, typeof body === 'string' ? 'guard.invalid_json' : 'guard.invalid_input');
    }
    await expectError(await accept(other, invitation.id), 403, 'invitation.email_mismatch');
    await expectError(await accept(invitee, 'unknown'), 404, 'invitation.not_found');
    expect(await snapshot()).toEqual(before);
  });

  test('two simultaneous accepts give one membership with the invited role; a later accept is 409', async () => {
    const [first, second] = await Promise.all([accept(invitee, invitation.id), accept(invitee, invitation.id)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const accepted = invitationGuard.parse(await (first.status === 200 ? first : second).json());
    expect(accepted).toMatchObject({ status: 'Accepted', acceptedUserId: invitee.id });
    const memberships = await server.db.select().from(tenantMembers).where(eq(tenantMembers.userId, invitee.id));
    expect(memberships.map((row) => [row.tenantId, row.role])).toEqual([[tenantId, 'collaborator']]);
    await expectError(await accept(invitee, invitation.id), 409, 'invitation.invalid_status');
    const token = decodeJwt(await invitee.session.organizationToken(organizationIdOf(tenantId)));
    expect(String(token.scope).split(' ').sort()).toEqual([...tenantRoles.collaborator].sort());
  });

  test('an expired invitation reads as Expired and cannot be accepted; nothing is written', async () => {
    const late = await signUpUser(server, 'late');
    const [expiring] = await inviteOk([late.email]);
    await setTimes(expiring!.id, new Date(Date.now() - invitationLifetimeMs - 1000), new Date(Date.now() - 1000));
    const read = invitationGuard.parse(await (await call(api(`/invitations/${expiring!.id}`), await late.cloudToken(), 'GET')).json());
    expect(read.status).toBe('Expired');
    const before = await snapshot();
    await expectError(await accept(late, expiring!.id), 409, 'invitation.invalid_status');
    await expectError(
      await call(api(`/tenants/${tenantId}/invitations/${expiring!.id}/status`), await admin.cloudToken(), 'PATCH', { status: 'Revoked' }),
      409,
      'invitation.invalid_status',
    );
    expect(await snapshot()).toEqual(before);
  });

  test('a revoked invitation cannot be accepted; nothing is written', async () => {
    const revokedInvitee = await signUpUser(server, 'revoked');
    const [revoked] = await inviteOk([revokedInvitee.email]);
    await call(api(`/tenants/${tenantId}/invitations/${revoked!.id}/status`), await admin.cloudToken(), 'PATCH', { status: 'Revoked' });
    const before = await snapshot();
    await expectError(await accept(revokedInvitee, revoked!.id), 409, 'invitation.invalid_status');
    expect(await snapshot()).toEqual(before);
    const mine = z.array(invitationGuard).parse(await (await call(api('/invitations'), await revokedInvitee.cloudToken(), 'GET')).json());
    expect(mine.map((item) => item.status)).toEqual(['Revoked']);
  });
});
