import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { requestIdHeader } from '#schemas/error.ts';
import { accountDeletionBlockedDetailsGuard } from '#schemas/profile.ts';
import { invitationGuard } from '#schemas/invitation.ts';
import { writeInvoice } from '#server/billing/invoices.ts';
import { oidcModels, tenantMembers, tenants, users } from '#server/db/schema.ts';
import { signIn } from '../support/oidc-client.ts';
import { createTenant, listTenants } from './billing-support.ts';
import { call, expectError, newAccount, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('cloud');
});
afterAll(() => server?.close());

const password = newAccount().password;
const deleteMe = async (user: TestUser) => call(`${server.url}/api/me`, await user.cloudToken(), 'DELETE');

/** `owner` invites `member` to the tenant as a collaborator, and `member` accepts. */
const join = async (owner: TestUser, tenantId: string, member: TestUser) => {
  const invited = await call(`${server.url}/api/tenants/${tenantId}/invitations`, await owner.cloudToken(), 'POST', {
    invitee: [member.email],
    roleName: 'collaborator',
  });
  expect(invited.status).toBe(201);
  const [invitation] = z.array(invitationGuard).parse(await invited.json());
  expect((await call(`${server.url}/api/invitations/${invitation!.id}/status`, await member.cloudToken(), 'PATCH', { status: 'Accepted' })).status).toBe(200);
};

const tenantExists = async (tenantId: string) => (await server.db.select().from(tenants).where(eq(tenants.id, tenantId))).length === 1;
const memberIds = async (tenantId: string) =>
  (await server.db.select({ id: tenantMembers.userId }).from(tenantMembers).where(eq(tenantMembers.tenantId, tenantId))).map((row) => row.id);
const oidcRowsOf = async (userId: string) =>
  (await server.db.select({ value: count() }).from(oidcModels).where(sql`${oidcModels.payload} ->> 'accountId' = ${userId}`))[0]!.value;

describe('DELETE /api/me', () => {
  test('deletes the owned tenants, leaves the others, and the account with its sessions and tokens', async () => {
    const [user, colleague] = await Promise.all([signUpUser(server, 'leaving'), signUpUser(server, 'staying')]);
    const owned = await createTenant(server, user, { name: 'Mine' });
    const ownedFree = await createTenant(server, user, { name: 'Mine too', tag: 'production' });
    const shared = await createTenant(server, colleague, { name: 'Theirs' });
    await join(colleague, shared.id, user);
    // The colleague also collaborates on the user's tenant: it goes anyway.
    await join(user, owned.id, colleague);
    const meToken = await user.session.accessToken(resourceIndicators.me);
    expect(await oidcRowsOf(user.id)).toBeGreaterThan(0);

    const response = await deleteMe(user);
    expect(response.status).toBe(204);
    expect(response.headers.get(requestIdHeader)).toEqual(expect.any(String));

    expect([await tenantExists(owned.id), await tenantExists(ownedFree.id), await tenantExists(shared.id)]).toEqual([false, false, true]);
    expect(await memberIds(shared.id)).toEqual([colleague.id]);
    expect((await listTenants(server, colleague)).map((tenant) => tenant.id)).toEqual([shared.id]);
    expect(await server.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await oidcRowsOf(user.id)).toBe(0);

    await expect(signIn(server.url, user.email, password, { edition: 'cloud' })).rejects.toThrow(/sign-in failed: 422/);
    const refreshed = await user.session.refresh({ resource: resourceIndicators.cloud });
    expect([refreshed.status, refreshed.body.error]).toEqual([400, 'invalid_grant']);
    // The account's sign-ins ended with it, so even its unexpired access tokens are refused.
    await expectError(await call(`${server.url}/me`, meToken, 'GET'), 401, 'auth.unauthorized');
  });

  test('a tenant the user administers with another admin is deleted too', async () => {
    const [user, coAdmin] = await Promise.all([signUpUser(server, 'leaving'), signUpUser(server, 'coadmin')]);
    const tenant = await createTenant(server, user, { name: 'Shared admin' });
    await join(user, tenant.id, coAdmin);
    const promoted = await call(`${server.url}/api/tenants/${tenant.id}/members/${coAdmin.id}/roles`, await user.cloudToken(), 'PUT', { roleName: 'admin' });
    expect(promoted.status).toBe(200);
    expect((await deleteMe(user)).status).toBe(204);
    expect(await tenantExists(tenant.id)).toBe(false);
    expect(await listTenants(server, coAdmin)).toEqual([]);
  });

  test('blockers: a paid plan, a subscription that is not active, open invoices; nothing is deleted', async () => {
    const [user, colleague] = await Promise.all([signUpUser(server, 'blocked'), signUpUser(server, 'colleague')]);
    const paid = await createTenant(server, user, { name: 'Paid', tag: 'production' });
    const pastDue = await createTenant(server, user, { name: 'Past due', tag: 'production' });
    const unpaid = await createTenant(server, user, { name: 'Unpaid' });
    const fine = await createTenant(server, user, { name: 'Fine' });
    const shared = await createTenant(server, colleague, { name: 'Shared' });
    await join(colleague, shared.id, user);
    // The colleague's own tenant on a paid plan does not block the user, who only collaborates there.
    await server.db.update(tenants).set({ planId: 'pro-2024-11' }).where(eq(tenants.id, shared.id));
    await server.db.update(tenants).set({ planId: 'pro-2024-11' }).where(eq(tenants.id, paid.id));
    await server.db.update(tenants).set({ subscriptionStatus: 'past_due' }).where(eq(tenants.id, pastDue.id));
    await writeInvoice(server.db, {
      tenantId: unpaid.id,
      status: 'open',
      amountDue: 1600,
      planId: 'development',
      billingReason: 'subscription_cycle',
      periodStart: new Date(),
      periodEnd: new Date(),
    });

    const response = await deleteMe(user);
    const body = await expectError(response, 422, 'user.deletion_blocked');
    expect(response.headers.get(requestIdHeader)).toEqual(expect.any(String));
    // In the order the user joined the tenants.
    expect(accountDeletionBlockedDetailsGuard.parse(body.details)).toEqual({
      tenants: [
        { tenantId: paid.id, tenantName: 'Paid', blockers: ['paid_plan'] },
        { tenantId: pastDue.id, tenantName: 'Past due', blockers: ['subscription_not_active'] },
        { tenantId: unpaid.id, tenantName: 'Unpaid', blockers: ['open_invoices'] },
      ],
    });
    for (const tenant of [paid, pastDue, unpaid, fine, shared]) expect(await tenantExists(tenant.id)).toBe(true);
    expect((await memberIds(shared.id)).sort()).toEqual([colleague.id, user.id].sort());
    expect(await server.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).toEqual([{ id: user.id }]);
    expect(await signIn(server.url, user.email, password, { edition: 'cloud' })).toBeDefined();
  });

  test('a user without tenants is deleted', async () => {
    const user = await signUpUser(server, 'alone');
    expect((await deleteMe(user)).status).toBe(204);
    await expect(signIn(server.url, user.email, password, { edition: 'cloud' })).rejects.toThrow(/sign-in failed/);
  });

  test('a deleted account cannot be deleted again, and a new account may take its name', async () => {
    const user = await signUpUser(server, 'twice');
    const token = await user.cloudToken();
    expect((await call(`${server.url}/api/me`, token, 'DELETE')).status).toBe(204);
    await expectError(await call(`${server.url}/api/me`, token, 'DELETE'), 401, 'auth.unauthorized');
    const again = await signUpUser(server, 'twice');
    expect(again.id).not.toBe(user.id);
  });

  test('tenants created while the account is being deleted never stay without an admin', async () => {
    const user = await signUpUser(server, 'racing');
    const token = await user.cloudToken();
    const create = (name: string) => call(`${server.url}/api/tenants`, token, 'POST', { name });
    const [deleted, ...created] = await Promise.all([call(`${server.url}/api/me`, token, 'DELETE'), create('A'), create('B'), create('C')]);
    expect(deleted.status).toBe(204);
    for (const response of created) expect([201, 401]).toContain(response.status);
    const orphans = await server.db
      .select({ id: tenants.id })
      .from(tenants)
      .where(sql`not exists (select 1 from ${tenantMembers} where ${tenantMembers.tenantId} = ${tenants.id})`);
    expect(orphans).toEqual([]);
  });

  test('needs a cloud-API token', async () => {
    const user = await signUpUser(server, 'token');
    await expectError(await call(`${server.url}/api/me`, undefined, 'DELETE'), 401, 'auth.authorization_header_missing');
    await expectError(await call(`${server.url}/api/me`, await user.session.accessToken(resourceIndicators.me), 'DELETE'), 401, 'auth.unauthorized');
    expect(await server.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});

describe('DELETE /api/me in the self-hosted edition', () => {
  test('does not exist', async () => {
    const selfHosted = await startTestServer('self-hosted');
    try {
      const user = await signUpUser(selfHosted, 'admin');
      await expectError(await call(`${selfHosted.url}/api/me`, await user.cloudToken(), 'DELETE'), 404, 'route.not_found');
      expect(await selfHosted.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).toHaveLength(1);
    } finally {
      await selfHosted.close();
    }
  });
});
