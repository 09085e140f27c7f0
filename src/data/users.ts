import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery } from '#schemas/paging.ts';
import type { CreateUser, PatchUser } from '#schemas/tenant-user.ts';
import type { ApiClient } from '../api/client.ts';
import { createUsersApi, type UserListQuery } from '../api/management/users.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation, type WriteOptions } from './mutation.ts';

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

export const useCreateUser = (options?: WriteOptions) => useTenantMutation('users', ({ api, tenantId }, body: CreateUser) => usersApi(api).createUser(tenantId, body), options);

export const useUpdateUser = (id: string, options?: WriteOptions) =>
  useTenantMutation('users', ({ api, tenantId }, patch: PatchUser) => usersApi(api).updateUser(tenantId, id, patch), options);

export const useDeleteUser = () => useTenantMutation('users', ({ api, tenantId }, id: string) => usersApi(api).deleteUser(tenantId, id));

export const useSetSuspended = (id: string) =>
  useTenantMutation('users', ({ api, tenantId }, isSuspended: boolean) => usersApi(api).setSuspended(tenantId, id, isSuspended));

export const useGeneratePassword = (id: string) =>
  useTenantMutation('users', ({ api, tenantId }) => usersApi(api).generatePassword(tenantId, id));

export const useRemoveMfaVerification = (id: string) =>
  useTenantMutation('users', ({ api, tenantId }, verificationId: string) => usersApi(api).removeMfaVerification(tenantId, id, verificationId));

export const useRemoveIdentity = (id: string) =>
  useTenantMutation('users', ({ api, tenantId }, target: string) => usersApi(api).removeIdentity(tenantId, id, target));

export const useAssignUserRoles = (id: string) =>
  useTenantMutation('users', ({ api, tenantId }, roleIds: string[]) => usersApi(api).assignRoles(tenantId, id, roleIds));

export const useRemoveUserRole = (id: string) =>
  useTenantMutation('users', ({ api, tenantId }, roleId: string) => usersApi(api).removeRole(tenantId, id, roleId));
