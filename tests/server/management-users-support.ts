import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { planIds } from '#schemas/quota.ts';
import { createdUserGuard } from '#schemas/tenant-user.ts';
import { users } from '#server/db/idp.ts';
import { logs } from '#server/db/idp/logs.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { call, signUpUser, startTestServer, type TestServer } from './support.ts';

/** The cloud server of the user management tests, its console user and a development tenant of theirs. */
export const startUsersServer = async () => {
  const server = await startTestServer('cloud');
  const admin = await signUpUser(server, 'users');
  return { server, admin, api: await openTenant(server, admin, planIds.development) };
};

/** The requests of the user management tests, against the server and tenant the test file started. */
export const userRequests = (server: () => TestServer, api: () => ManagementApi) => {
  const request = (method: string, path: string, body?: unknown, target = api()) => call(`${target.base}${path}`, target.token, method, body);
  let counter = 0;
  return {
    request,
    created: async (body: Record<string, unknown>, target = api()) => {
      const response = await request('POST', '/users', body, target);
      expect(response.status).toBe(201);
      return createdUserGuard.parse(await response.json());
    },
    rowOf: async (id: string, tenantId = api().tenantId) =>
      (await server().db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))))[0],
    logsOf: async (userId: string) =>
      server().db.select().from(logs).where(and(eq(logs.tenantId, api().tenantId), eq(logs.userId, userId))).orderBy(logs.createdAt),
    unique: (prefix: string) => `${prefix}${(counter += 1)}_${Date.now().toString(36)}`,
  };
};
