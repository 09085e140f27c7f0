import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery } from '#schemas/paging.ts';
import type { CreateUser, PatchUser } from '#schemas/tenant-user.ts';
import type { ApiClient } from '../api/client.ts';
import { createUsersApi, type UserListQuery } from '../api/management/users.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation } from './mutation.ts';

// Made on first use, here rather than in the API client (see ManagementApis).
export const usersApi = (api: ApiClient) => (api.users ??= createUsersApi(api.tenant));

/**
 * A tenant's end users with their factors, identities, roles and organizations, all keyed under the users. The roles a
 * user can still be given are keyed under the roles, which a new role changes too; a write to a user's roles refetches
 * both.
 */
export const userQueries = {
  list: (api: ApiClient, tenantId: string, query: UserListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'users', query),
      queryFn: () => usersApi(api).listUsers(tenantId, query),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'users', { id }), queryFn: () => usersApi(api).getUser(tenantId, id) }),
  mfaVerifications: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'users', { id, of: 'mfa-verifications' }),
      queryFn: () => usersApi(api).listMfaVerifications(tenantId, id),
    }),
  identities: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'users', { id, of: 'identities' }), queryFn: () => usersApi(api).getIdentities(tenantId, id) }),
  roles: (api: ApiClient, tenantId: string, id: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'users', { id, of: 'roles', ...query }),
      queryFn: () => usersApi(api).listUserRoles(tenantId, id, query),
      placeholderData: keepPreviousData,
    }),
  assignableRoles: (api: ApiClient, tenantId: string, id: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'roles', { assignableToUser: id, ...query }),
      queryFn: () => usersApi(api).listAssignableRoles(tenantId, id, query),
      placeholderData: keepPreviousData,
    }),
  organizations: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'users', { id, of: 'organizations' }), queryFn: () => usersApi(api).listOrganizations(tenantId, id) }),
  /** The name of the app users registered through: one request per app, kept while the console is open. */
  applicationName: (api: ApiClient, tenantId: string, applicationId: string) =>
    queryOptions({
      queryKey: tenantKeys.detail(tenantId, 'applications', { id: applicationId, of: 'name' }),
      queryFn: () => usersApi(api).getApplicationName(tenantId, applicationId),
      staleTime: Infinity,
    }),
};

/** Writes that change which users hold which roles: both the users' and the roles' lists show it. */
const userRoleLinks = ['users', 'roles'] as const;

export const useCreateUser = (tenantId: string) => useTenantMutation(tenantId, 'users', (api, body: CreateUser) => usersApi(api).createUser(tenantId, body));

export const useUpdateUser = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'users', (api, patch: PatchUser) => usersApi(api).updateUser(tenantId, id, patch));

export const useDeleteUser = (tenantId: string) => useTenantMutation(tenantId, userRoleLinks, (api, id: string) => usersApi(api).deleteUser(tenantId, id));

export const useSetSuspended = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'users', (api, isSuspended: boolean) => usersApi(api).setSuspended(tenantId, id, isSuspended));

export const useGeneratePassword = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'users', (api) => usersApi(api).generatePassword(tenantId, id));

export const useRemoveMfaVerification = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'users', (api, verificationId: string) => usersApi(api).removeMfaVerification(tenantId, id, verificationId));

export const useRemoveIdentity = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'users', (api, target: string) => usersApi(api).removeIdentity(tenantId, id, target));

export const useAssignUserRoles = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, userRoleLinks, (api, roleIds: string[]) => usersApi(api).assignRoles(tenantId, id, roleIds));

export const useRemoveUserRole = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, userRoleLinks, (api, roleId: string) => usersApi(api).removeRole(tenantId, id, roleId));
