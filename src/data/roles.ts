import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery } from '#schemas/paging.ts';
import type { CreateRole, PatchRole } from '#schemas/role.ts';
import type { ApiClient } from '../api/client.ts';
import { allPages } from '../api/management/pages.ts';
import { createRolesApi, type RoleListQuery } from '../api/management/roles.ts';
import { applicationsApi } from './applications.ts';
import { usersApi } from './users.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation, type WriteOptions } from './mutation.ts';

// Made on first use, here rather than in the API client (see ManagementApis).
const rolesApi = (api: ApiClient) => (api.roles ??= createRolesApi(api.tenant));

/**
 * A tenant's roles with their permissions and machine-to-machine apps. Everything of a role is keyed under the roles,
 * the apps a role can still be given to too, so any write refetches all of it.
 */
export const roleQueries = {
  list: (api: ApiClient, tenantId: string, query: RoleListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', query),
      queryFn: () => rolesApi(api).listRoles(tenantId, query),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'roles', { id }), queryFn: () => rolesApi(api).getRole(tenantId, id) }),
  scopes: (api: ApiClient, tenantId: string, roleId: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', { roleId, scopes: query }),
      queryFn: () => rolesApi(api).listRoleScopes(tenantId, roleId, query),
      placeholderData: keepPreviousData,
    }),
  /** Every permission of the role: what the picker leaves out, and the count its quota adds to. */
  allScopes: (api: ApiClient, tenantId: string, roleId: string) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', { roleId, scopes: 'all' }),
      queryFn: () => allPages((query) => rolesApi(api).listRoleScopes(tenantId, roleId, query)),
    }),
  applications: (api: ApiClient, tenantId: string, roleId: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', { roleId, applications: query }),
      queryFn: () => rolesApi(api).listRoleApplications(tenantId, roleId, query),
      placeholderData: keepPreviousData,
    }),
  /** Machine-to-machine apps without the role. */
  candidates: (api: ApiClient, tenantId: string, query: ListQuery & { excludeRoleId: string }) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', { candidates: query }),
      queryFn: () => applicationsApi(api).listApplications(tenantId, { ...query, type: 'MachineToMachine' }),
      placeholderData: keepPreviousData,
    }),
  users: (api: ApiClient, tenantId: string, roleId: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', { roleId, users: query }),
      queryFn: () => rolesApi(api).listRoleUsers(tenantId, roleId, query),
      placeholderData: keepPreviousData,
    }),
  /** Users without the role: keyed under the users, which a new user changes too. */
  userCandidates: (api: ApiClient, tenantId: string, query: ListQuery & { excludeRoleId: string }) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'users', query),
      queryFn: () => usersApi(api).listUsers(tenantId, query),
      placeholderData: keepPreviousData,
    }),
};

export const useCreateRole = (options?: WriteOptions) => useTenantMutation('roles', ({ api, tenantId }, body: CreateRole) => rolesApi(api).createRole(tenantId, body), options);

export const useUpdateRole = (id: string, options?: WriteOptions) =>
  useTenantMutation('roles', ({ api, tenantId }, patch: PatchRole) => rolesApi(api).updateRole(tenantId, id, patch), options);

export const useDeleteRole = () => useTenantMutation('roles', ({ api, tenantId }, id: string) => rolesApi(api).deleteRole(tenantId, id));

export const useAssignScopes = (id: string, options?: WriteOptions) =>
  useTenantMutation('roles', ({ api, tenantId }, scopeIds: string[]) => rolesApi(api).assignScopes(tenantId, id, scopeIds), options);

export const useRemoveScope = (id: string) =>
  useTenantMutation('roles', ({ api, tenantId }, scopeId: string) => rolesApi(api).removeScope(tenantId, id, scopeId));

export const useAssignApplications = (id: string) =>
  useTenantMutation('roles', ({ api, tenantId }, applicationIds: string[]) => rolesApi(api).assignApplications(tenantId, id, applicationIds));

export const useRemoveApplication = (id: string) =>
  useTenantMutation('roles', ({ api, tenantId }, applicationId: string) => rolesApi(api).removeApplication(tenantId, id, applicationId));

export const useAssignUsers = (id: string) =>
  useTenantMutation('roles', ({ api, tenantId }, userIds: string[]) => rolesApi(api).assignUsers(tenantId, id, userIds));

export const useRemoveUser = (id: string) =>
  useTenantMutation('roles', ({ api, tenantId }, userId: string) => rolesApi(api).removeUser(tenantId, id, userId));
