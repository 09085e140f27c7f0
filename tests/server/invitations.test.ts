import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf, tenantRoles } from '#schemas/constants.ts';
import { insufficientPermissionsMessage } from '#schemas/error.ts';
import { invitationGuard, invitationLifetimeMs, maxInviteesPerRequest, type Invitation } from '#schemas/invitation.ts';
import { exceededQuotaKeys } from '#schemas/quota.ts';
import { tenantGuard } from '#schemas/tenant.ts';
import { deleteExpiredRows } from '#server/db/cleanup.ts';
import { devMailbox, invitations, tenantMembers } from '#server/db/schema.ts';
import { decodeJwt } from '../support/oidc-client.ts';
import { readDevMailbox } from '../support/server.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';

let server: TestServer;
let admin: TestUser;
let tenantId: string;

const api = (path: string) => `${server.url}/api${path}`;
const rows = async (table: typeof invitations | typeof tenantMembers | typeof devMailbox) =>
  (await server.db.select({ value: count() }).from(table))[0]!.value;
const snapshot = async () => [await rows(invitations), await rows(tenantMembers), await rows(devMailbox)];

const mailTo = (email: string) => readDevMailbox(server.devMailboxUrl, email);

const createTenant = async (user: TestUser, name: string, tag = 'development') => {
  const response = await call(api('/tenants'), await user.cloudToken(), 'POST', { name, tag });
  expect(response.status).toBe(201);
  return tenantGuard.parse(await response.json()).id;
};

const invite = async (token: string, tenant: string, body: unknown) => call(api(`/tenants/${tenant}/invitations`), token, 'POST', body);

const inviteOk = async (emails: string[], { tenant = tenantId, roleName = 'collaborator' } = {}) => {
  const response = await invite(await admin.cloudToken(), tenant, { invitee: emails, roleName });
  expect(response.status).toBe(201);
  return z.array(invitationGuard).parse(await response.json());
};

const accept = async (user: TestUser, id: string, body: unknown = { status: 'Accepted' }) =>
  call(api(`/invitations/${id}/status`), await user.cloudToken(), 'PATCH', body);

const setTimes = (id: string, createdAt: Date, expiresAt: Date) =>
  server.db.update(invitations).set({ createdAt, expiresAt }).where(eq(invitations.id, id));

beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await signUpUser(server, 'admin');
  tenantId = await createTenant(admin, 'Acme');
});
afterAll(() => server?.close());

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
