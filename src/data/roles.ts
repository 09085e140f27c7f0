import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery } from '../../schemas/paging.ts';
import type { CreateRole, PatchRole } from '../../schemas/role.ts';
import type { ApiClient } from '../api/client.ts';
import { allPages } from '../api/management/pages.ts';
import type { RoleCandidatesQuery, RoleListQuery } from '../api/management/roles.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation } from './mutation.ts';

/**
 * A tenant's roles with their permissions and machine-to-machine apps. Everything of a role is keyed under the roles,
 * the apps a role can still be given to too, so any write refetches all of it.
 */
export const roleQueries = {
  list: (api: ApiClient, tenantId: string, query: RoleListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', query),
      queryFn: () => api.roles.listRoles(tenantId, query),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'roles', { id }), queryFn: () => api.roles.getRole(tenantId, id) }),
  scopes: (api: ApiClient, tenantId: string, roleId: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', { roleId, scopes: query }),
      queryFn: () => api.roles.listRoleScopes(tenantId, roleId, query),
      placeholderData: keepPreviousData,
    }),
  /** Every permission of the role: what the picker leaves out, and the count its quota adds to. */
  allScopes: (api: ApiClient, tenantId: string, roleId: string) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', { roleId, scopes: 'all' }),
      queryFn: () => allPages((query) => api.roles.listRoleScopes(tenantId, roleId, query)),
    }),
  applications: (api: ApiClient, tenantId: string, roleId: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', { roleId, applications: query }),
      queryFn: () => api.roles.listRoleApplications(tenantId, roleId, query),
      placeholderData: keepPreviousData,
    }),
  /** Machine-to-machine apps without the role. */
  candidates: (api: ApiClient, tenantId: string, query: RoleCandidatesQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', { candidates: query }),
      queryFn: () => api.roles.listRoleCandidates(tenantId, query),
      placeholderData: keepPreviousData,
    }),
};

export const useCreateRole = (tenantId: string) => useTenantMutation(tenantId, 'roles', (api, body: CreateRole) => api.roles.createRole(tenantId, body));

export const useUpdateRole = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'roles', (api, patch: PatchRole) => api.roles.updateRole(tenantId, id, patch));

export const useDeleteRole = (tenantId: string) => useTenantMutation(tenantId, 'roles', (api, id: string) => api.roles.deleteRole(tenantId, id));

export const useAssignScopes = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'roles', (api, scopeIds: string[]) => api.roles.assignScopes(tenantId, id, scopeIds));

export const useRemoveScope = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'roles', (api, scopeId: string) => api.roles.removeScope(tenantId, id, scopeId));

export const useAssignApplications = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'roles', (api, applicationIds: string[]) => api.roles.assignApplications(tenantId, id, applicationIds));

export const useRemoveApplication = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'roles', (api, applicationId: string) => api.roles.removeApplication(tenantId, id, applicationId));
