import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createdApplicationGuard, type ApplicationType } from '#schemas/application.ts';
import { resourceGuard, scopeGuard } from '#schemas/resource.ts';
import { roleGuard, type RoleType } from '#schemas/role.ts';
import { applicationSecrets, applications, applicationsRoles, resources, roles, rolesScopes, scopes, users, usersRoles } from '#server/db/idp.ts';
import { generateId } from '#server/ids.ts';
import type { ManagementApi } from './contract/management-resource.ts';
import { call, type TestServer } from './support.ts';

/*
 * Rows of a tenant's idp tables, written straight to the database (beyond what a free plan lets the API make, and the
 * users the users pages will make) and read back to check what a request wrote.
 */

export const insertApplications = async (server: TestServer, tenantId: string, type: ApplicationType, names: string[]) => {
  const rows = names.map((name) => ({ tenantId, id: generateId(), name, type }));
  await server.db.insert(applications).values(rows);
  return rows.map((row) => row.id);
};

export const insertRoles = async (server: TestServer, tenantId: string, type: RoleType, names: string[]) => {
  const rows = names.map((name) => ({ tenantId, id: generateId(), name, description: `The role ${name}`, type }));
  await server.db.insert(roles).values(rows);
  return rows.map((row) => row.id);
};

export const insertUsers = async (server: TestServer, tenantId: string, usernames: string[]) => {
  const rows = usernames.map((username) => ({ tenantId, id: generateId(12), username, primaryEmail: `${username}@example.com`, name: username }));
  await server.db.insert(users).values(rows);
  return rows.map((row) => row.id);
};

/** A resource with a permission of each name; answers the permissions' ids. */
export const insertScopes = async (server: TestServer, tenantId: string, names: string[]) => {
  const resourceId = generateId();
  await server.db.insert(resources).values({ tenantId, id: resourceId, name: 'Things', indicator: `https://things-${resourceId}.example.test` });
  const rows = names.map((name) => ({ tenantId, id: generateId(), resourceId, name, description: `Permission ${name}` }));
  await server.db.insert(scopes).values(rows);
  return rows.map((row) => row.id);
};

/** Rows in a stable order, to compare before and after a request. */
const sorted = <Row>(rows: Row[]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

export const applicationRows = async (server: TestServer, tenantId: string) =>
  sorted(await server.db.select().from(applications).where(eq(applications.tenantId, tenantId)));
export const secretRows = async (server: TestServer, tenantId: string) =>
  sorted(await server.db.select().from(applicationSecrets).where(eq(applicationSecrets.tenantId, tenantId)));
export const roleRows = async (server: TestServer, tenantId: string) => sorted(await server.db.select().from(roles).where(eq(roles.tenantId, tenantId)));
export const roleScopeRows = async (server: TestServer, tenantId: string) =>
  sorted(await server.db.select().from(rolesScopes).where(eq(rolesScopes.tenantId, tenantId)));
export const applicationRoleRows = async (server: TestServer, tenantId: string) =>
  sorted(await server.db.select().from(applicationsRoles).where(eq(applicationsRoles.tenantId, tenantId)));
export const userRows = async (server: TestServer, tenantId: string) => sorted(await server.db.select().from(users).where(eq(users.tenantId, tenantId)));
export const userRoleRows = async (server: TestServer, tenantId: string) =>
  sorted(await server.db.select().from(usersRoles).where(eq(usersRoles.tenantId, tenantId)));

export const createApplication = async (api: ManagementApi, body: Record<string, unknown>) => {
  const response = await call(`${api.base}/applications`, api.token, 'POST', body);
  expect(response.status).toBe(201);
  return createdApplicationGuard.parse(await response.json());
};

export const createRole = async (api: ManagementApi, body: Record<string, unknown>) => {
  const response = await call(`${api.base}/roles`, api.token, 'POST', { description: 'A role', ...body });
  expect(response.status).toBe(201);
  return roleGuard.parse(await response.json());
};

export const createResourceWithScopes = async (api: ManagementApi, name: string, scopeNames: string[]) => {
  const response = await call(`${api.base}/resources`, api.token, 'POST', { name, indicator: `https://${name.toLowerCase()}.example.test` });
  expect(response.status).toBe(201);
  const resource = resourceGuard.parse(await response.json());
  const created = [];
  for (const scopeName of scopeNames) {
    const scope = await call(`${api.base}/resources/${resource.id}/scopes`, api.token, 'POST', { name: scopeName });
    expect(scope.status).toBe(201);
    created.push(scopeGuard.parse(await scope.json()));
  }
  return { resource, scopes: created };
};
