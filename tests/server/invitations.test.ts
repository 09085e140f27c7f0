import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf } from '#schemas/constants.ts';
import { insufficientPermissionsMessage } from '#schemas/error.ts';
import { invitationGuard, invitationLifetimeMs, maxInviteesPerRequest } from '#schemas/invitation.ts';
import { exceededQuotaKeys } from '#schemas/quota.ts';
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

const { api, snapshot, mailTo, createTenant, invite, inviteOk } = invitationRequests(() => server, () => admin, () => tenantId);

describe('POST /api/tenants/{tenantId}/invitations', () => {
  test('with the organization token: one Pending invitation per address, mailed with the accept link', async () => {
    const invitee = await signUpUser(server, 'invitee');
    const orgToken = await admin.session.organizationToken(organizationIdOf(tenantId));
    const response = await invite(orgToken, tenantId, { invitee: [invitee.email.toUpperCase(), invitee.email], roleName: 'collaborator' });
    expect(response.status).toBe(201);
    const [invitation, ...others] = z.array(invitationGuard).parse(await response.json());
    expect(others).toEqual([]);
    expect(invitation).toMatchObject({
      tenantId,
      organizationId: organizationIdOf(tenantId),
      tenantName: 'Acme',
      tenantTag: 'development',
      invitee: invitee.email,
      inviterId: admin.id,
      roleName: 'collaborator',
      status: 'Pending',
      acceptedUserId: null,
    });
    expect(Date.parse(invitation!.expiresAt) - Date.parse(invitation!.createdAt)).toBe(invitationLifetimeMs);
    const [mail] = await mailTo(invitee.email);
    const link = `${server.url}/console/accept/${invitation!.id}`;
    expect(mail!.subject).toContain('Acme');
    expect(mail!.links).toEqual([link]);
    expect(mail!.html).toContain(`href="${link}"`);
  });

  test('the mail follows the language of the request', async () => {
    const response = await call(api(`/tenants/${tenantId}/invitations`), await admin.cloudToken(), 'POST', {
      invitee: ['sprache@example.com'],
      roleName: 'admin',
    });
    expect(response.status).toBe(201);
    const german = await fetch(api(`/tenants/${tenantId}/invitations`), {
      method: 'POST',
      headers: { authorization: `Bearer ${await admin.cloudToken()}`, 'content-type': 'application/json', 'accept-language': 'de-DE,de;q=0.9' },
      body: JSON.stringify({ invitee: ['deutsch@example.com'], roleName: 'collaborator' }),
    });
    expect(german.status).toBe(201);
    expect((await mailTo('deutsch@example.com'))[0]!.subject).toBe('Einladung zu Acme auf Gatehouse');
    expect((await mailTo('sprache@example.com'))[0]!.subject).toBe('You are invited to join Acme on Gatehouse');
  });

  const badBodies: [string, unknown][] = [
    ['malformed JSON', '{"invitee": ['],
    ['an invalid e-mail', { invitee: ['valid@example.com', 'not-an-email'], roleName: 'collaborator' }],
    ['an e-mail with a space', { invitee: ['a b@example.com'], roleName: 'collaborator' }],
    ['an e-mail without a dot', { invitee: ['someone@localhost'], roleName: 'collaborator' }],
    ['an empty list', { invitee: [], roleName: 'collaborator' }],
    ['too many addresses', { invitee: Array.from({ length: maxInviteesPerRequest + 1 }, (_, i) => `many${i}@example.com`), roleName: 'collaborator' }],
    ['a string instead of a list', { invitee: 'one@example.com', roleName: 'collaborator' }],
    ['a number in the list', { invitee: [42], roleName: 'collaborator' }],
    ['an unknown role', { invitee: ['one@example.com'], roleName: 'owner' }],
    ['no role', { invitee: ['one@example.com'] }],
    ['an unknown field', { invitee: ['one@example.com'], roleName: 'collaborator', message: 'hi' }],
  ];
  test.each(badBodies)('%s is a 400 and writes nothing', async (_case, body) => {
    const before = await snapshot();
    const { code } = await expectError(await invite(await admin.cloudToken(), tenantId, body), 400, typeof body === 'string' ? 'guard.invalid_json' : 'guard.invalid_input');
    expect(code).toMatch(/^guard\./);
    expect(await snapshot()).toEqual(before);
  });

  test('an invalid e-mail is named in the details', async () => {
    const body = await expectError(
      await invite(await admin.cloudToken(), tenantId, { invitee: ['ok@example.com', 'nope'], roleName: 'collaborator' }),
      400,
      'guard.invalid_input',
    );
    expect(body.details).toEqual([expect.objectContaining({ path: 'invitee.1' })]);
  });

  test('a collaborator gets 403 tenant.permission_denied (not the sign-out message); nothing is written', async () => {
    const collaborator = await signUpUser(server, 'collab');
    await server.db.insert(tenantMembers).values({ tenantId, userId: collaborator.id, role: 'collaborator' });
    const before = await snapshot();
    for (const token of [await collaborator.cloudToken(), await collaborator.session.organizationToken(organizationIdOf(tenantId))]) {
      const body = await expectError(await invite(token, tenantId, { invitee: ['x@example.com'], roleName: 'collaborator' }), 403, 'tenant.permission_denied');
      expect(body.message).not.toBe(insufficientPermissionsMessage);
      expect(body.message).toContain('invite:member');
    }
    expect(await snapshot()).toEqual(before);
  });

  test('a foreign or unknown tenant is 404; another tenant\'s organization token is 401; nothing is written', async () => {
    const stranger = await signUpUser(server, 'stranger');
    const strangersTenant = await createTenant(stranger, 'Other');
    const before = await snapshot();
    const body = { invitee: ['x@example.com'], roleName: 'collaborator' };
    await expectError(await invite(await stranger.cloudToken(), tenantId, body), 404, 'tenant.not_found');
    await expectError(await invite(await admin.cloudToken(), 'unknowntenant', body), 404, 'tenant.not_found');
    const otherOrgToken = await stranger.session.organizationToken(organizationIdOf(strangersTenant));
    await expectError(await invite(otherOrgToken, tenantId, body), 401, 'auth.unauthorized');
    await expectError(await call(api(`/tenants/${tenantId}/invitations`), undefined, 'POST', body), 401, 'auth.authorization_header_missing');
    expect(await snapshot()).toEqual(before);
  });

  test('members and live invitations are refused with 409; nothing is written', async () => {
    const [pending] = await inviteOk(['pending@example.com']);
    const adminEmail = String(decodeJwt(admin.session.initial.id_token!).email);
    const before = await snapshot();
    await expectError(await invite(await admin.cloudToken(), tenantId, { invitee: [adminEmail.toUpperCase()], roleName: 'admin' }), 409, 'invitation.already_member');
    const body = await expectError(
      await invite(await admin.cloudToken(), tenantId, { invitee: ['fresh@example.com', pending!.invitee], roleName: 'admin' }),
      409,
      'invitation.already_pending',
    );
    expect(body.details).toEqual({ emails: [pending!.invitee] });
    expect(await snapshot()).toEqual(before);
  });

  test('over the tenant-members limit: 403 with the quota message naming tenantMembersLimit; nothing is written', async () => {
    const production = await createTenant(admin, 'Production', 'production');
    const development = await createTenant(admin, 'Seats');
    const before = await snapshot();
    const response = await invite(await admin.cloudToken(), production, { invitee: ['seat@example.com'], roleName: 'collaborator' });
    const { message } = await expectError(response, 403, 'subscription.quota_exceeded');
    expect(message).toBe('Status exception: Exceeded quota limit. {"tenantMembersLimit":1}');
    expect(exceededQuotaKeys(message)).toEqual(['tenantMembersLimit']);
    // The development plan has 20 seats: members plus live invitations.
    const addresses = (n: number) => Array.from({ length: n }, (_, i) => `seat${i}-${n}@example.com`);
    await expectError(await invite(await admin.cloudToken(), development, { invitee: addresses(20), roleName: 'collaborator' }), 403, 'subscription.quota_exceeded');
    expect(await snapshot()).toEqual(before);
    expect(await inviteOk(addresses(19), { tenant: development })).toHaveLength(19);
  });
});

describe('the dev mailbox', () => {
  test('is an accessible page listing the messages with their links, marked as local-only', async () => {
    const [invitation] = await inviteOk(['page@example.com']);
    const response = await fetch(`${server.devMailboxUrl}&to=page@example.com`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Development mailbox</h1>');
    expect(html).toContain('For local development only');
    expect(html).toContain(`<a href="${server.url}/console/accept/${invitation!.id}">`);
  });
});
