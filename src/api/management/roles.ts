import { applicationGuard, type Application } from '#schemas/application.ts';
import type { ListQuery } from '#schemas/paging.ts';
import {
  roleGuard,
  roleListItemGuard,
  roleScopeGuard,
  roleUserGuard,
  type CreateRole,
  type PatchRole,
  type Role,
  type RoleListItem,
  type RoleScope,
  type RoleType,
  type RoleUser,
} from '#schemas/role.ts';
import type { ListRequester, Page } from '../client.ts';
import { pageOf, searchOf } from './pages.ts';

const rolePath = (id: string) => `/api/roles/${encodeURIComponent(id)}`;

/** What the roles list is asked for: the page and search, and optionally one type. */
export type RoleListQuery = ListQuery & { type?: RoleType };

/** A user holding a role, with the users list's columns. */
export type RoleUserRow = RoleUser;

/** A tenant's roles, their permissions and their machine-to-machine apps, on its management API (roles.md §7). */
export const createRolesApi = (tenant: (tenantId: string) => ListRequester) => ({
  /** GET /roles: by name; `q` searches id, name and description; each with how many users and apps hold it. */
  listRoles: async (tenantId: string, { page, pageSize, q, type }: RoleListQuery): Promise<Page<RoleListItem>> =>
    pageOf(roleListItemGuard, await tenant(tenantId).getPage('/api/roles', { page, pageSize, query: { ...searchOf(q), ...(type ? { type } : {}) } })),
  getRole: async (tenantId: string, id: string): Promise<Role> =>
    roleGuard.parse(await tenant(tenantId).request('GET', rolePath(id))),
  /** POST /roles: 422 for a name in use, 403 beyond the plan's quota (roles of the type, or permissions per role). */
  createRole: async (tenantId: string, body: CreateRole): Promise<Role> =>
    roleGuard.parse(await tenant(tenantId).request('POST', '/api/roles', { body })),
  updateRole: async (tenantId: string, id: string, body: PatchRole): Promise<Role> =>
    roleGuard.parse(await tenant(tenantId).request('PATCH', rolePath(id), { body })),
  deleteRole: async (tenantId: string, id: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', rolePath(id));
  },
  /** GET /roles/{id}/scopes: each permission with its API resource; `q` searches name and description. */
  listRoleScopes: async (tenantId: string, id: string, { page, pageSize, q }: ListQuery): Promise<Page<RoleScope>> =>
    pageOf(roleScopeGuard, await tenant(tenantId).getPage(`${rolePath(id)}/scopes`, { page, pageSize, query: searchOf(q) })),
  /** POST /roles/{id}/scopes: 403 beyond the plan's permissions per role. */
  assignScopes: async (tenantId: string, id: string, scopeIds: string[]): Promise<void> => {
    await tenant(tenantId).request('POST', `${rolePath(id)}/scopes`, { body: { scopeIds } });
  },
  removeScope: async (tenantId: string, id: string, scopeId: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', `${rolePath(id)}/scopes/${encodeURIComponent(scopeId)}`);
  },
  /** GET /roles/{id}/applications: the machine-to-machine apps that hold the role. */
  listRoleApplications: async (tenantId: string, id: string, { page, pageSize, q }: ListQuery): Promise<Page<Application>> =>
    pageOf(applicationGuard, await tenant(tenantId).getPage(`${rolePath(id)}/applications`, { page, pageSize, query: searchOf(q) })),
  assignApplications: async (tenantId: string, id: string, applicationIds: string[]): Promise<void> => {
    await tenant(tenantId).request('POST', `${rolePath(id)}/applications`, { body: { applicationIds } });
  },
  removeApplication: async (tenantId: string, id: string, applicationId: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', `${rolePath(id)}/applications/${encodeURIComponent(applicationId)}`);
  },
  /** GET /roles/{id}/users: the users that hold a User role; `q` searches as the users list does. */
  listRoleUsers: async (tenantId: string, id: string, { page, pageSize, q }: ListQuery): Promise<Page<RoleUserRow>> =>
    pageOf(roleUserGuard, await tenant(tenantId).getPage(`${rolePath(id)}/users`, { page, pageSize, query: searchOf(q) })),
  /** POST /roles/{id}/users: users holding the role already are skipped. */
  assignUsers: async (tenantId: string, id: string, userIds: string[]): Promise<void> => {
    await tenant(tenantId).request('POST', `${rolePath(id)}/users`, { body: { userIds } });
  },
  removeUser: async (tenantId: string, id: string, userId: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', `${rolePath(id)}/users/${encodeURIComponent(userId)}`);
  },
});
export type RolesApi = ReturnType<typeof createRolesApi>;
