import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { invitationGuard } from '#schemas/invitation.ts';
import { tenantGuard } from '#schemas/tenant.ts';
import { devMailbox, invitations, tenantMembers } from '#server/db/schema.ts';
import { readDevMailbox } from '#tests/support/server.ts';
import { call, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';

/** The requests of the invitation tests, against the server, user and tenant the test file started. */
export const invitationRequests = (server: () => TestServer, admin: () => TestUser, tenantId: () => string) => {
  const api = (path: string) => `${server().url}/api${path}`;
  const rows = async (table: typeof invitations | typeof tenantMembers | typeof devMailbox) =>
    (await server().db.select({ value: count() }).from(table))[0]!.value;

  const createTenant = async (user: TestUser, name: string, tag = 'development') => {
    const response = await call(api('/tenants'), await user.cloudToken(), 'POST', { name, tag });
    expect(response.status).toBe(201);
    return tenantGuard.parse(await response.json()).id;
  };

  const invite = async (token: string, tenant: string, body: unknown) => call(api(`/tenants/${tenant}/invitations`), token, 'POST', body);

  return {
    api,
    createTenant,
    invite,
    snapshot: async () => [await rows(invitations), await rows(tenantMembers), await rows(devMailbox)],
    mailTo: (email: string) => readDevMailbox(server().devMailboxUrl, email),
    inviteOk: async (emails: string[], { tenant = tenantId(), roleName = 'collaborator' } = {}) => {
      const response = await invite(await admin().cloudToken(), tenant, { invitee: emails, roleName });
      expect(response.status).toBe(201);
      return z.array(invitationGuard).parse(await response.json());
    },
    accept: async (user: TestUser, id: string, body: unknown = { status: 'Accepted' }) =>
      call(api(`/invitations/${id}/status`), await user.cloudToken(), 'PATCH', body),
    setTimes: (id: string, createdAt: Date, expiresAt: Date) =>
      server().db.update(invitations).set({ createdAt, expiresAt }).where(eq(invitations.id, id)),
  };
};

/** The cloud server of the invitation tests, its admin and the admin's tenant Acme. */
export const startInvitationServer = async () => {
  const server = await startTestServer('cloud');
  const admin = await signUpUser(server, 'admin');
  const tenantId = await invitationRequests(() => server, () => admin, () => '').createTenant(admin, 'Acme');
  return { server, admin, tenantId };
};
