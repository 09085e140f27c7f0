import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApplicationSignInExperience } from '#schemas/application-branding.ts';
import type { CreateApplication, CreateApplicationSecret, PatchApplication } from '#schemas/application.ts';
import type { ListQuery } from '#schemas/paging.ts';
import type { AddUserConsentScopes, UserConsentScopeType } from '#schemas/user-consent.ts';
import type { ApiClient } from '../api/client.ts';
import { createApplicationsApi, type ApplicationListQuery } from '../api/management/applications.ts';
import { createApplicationRolesApi } from '../api/management/application-roles.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation, type WriteOptions } from './mutation.ts';

// Made on first use, here rather than in the API client (see ManagementApis).
export const applicationsApi = (api: ApiClient) => (api.applications ??= createApplicationsApi(api.tenant));
const applicationRolesApi = (api: ApiClient) => (api.applicationRoles ??= createApplicationRolesApi(api.tenant));

/** A tenant's applications, their secrets, roles and third-party permissions; all keyed under the applications, so any write refetches them. */
export const applicationQueries = {
  list: (api: ApiClient, tenantId: string, query: ApplicationListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'applications', query),
      queryFn: () => applicationsApi(api).listApplications(tenantId, query),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'applications', { id }), queryFn: () => applicationsApi(api).getApplication(tenantId, id) }),
  signInExperience: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({
      queryKey: tenantKeys.detail(tenantId, 'applications', { id, of: 'sign-in-experience' }),
      queryFn: () => applicationsApi(api).getSignInExperience(tenantId, id),
    }),
  secrets: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'applications', { id, of: 'secrets' }), queryFn: () => applicationsApi(api).listSecrets(tenantId, id) }),
  roles: (api: ApiClient, tenantId: string, id: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'applications', { id, of: 'roles', ...query }),
      queryFn: () => applicationRolesApi(api).listApplicationRoles(tenantId, id, query),
      placeholderData: keepPreviousData,
    }),
  userConsentScopes: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'applications', { id, of: 'user-consent-scopes' }),
      queryFn: () => applicationsApi(api).getUserConsentScopes(tenantId, id),
    }),
  assignableRoles: (api: ApiClient, tenantId: string, id: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'applications', { id, of: 'assignable-roles', ...query }),
      queryFn: () => applicationRolesApi(api).listAssignableRoles(tenantId, id, query),
      placeholderData: keepPreviousData,
    }),
};

export const useCreateApplication = (options?: WriteOptions) =>
  useTenantMutation('applications', ({ api, tenantId }, body: CreateApplication) => applicationsApi(api).createApplication(tenantId, body), options);

export const useUpdateApplication = (id: string, options?: WriteOptions) =>
  useTenantMutation('applications', ({ api, tenantId }, patch: PatchApplication) => applicationsApi(api).updateApplication(tenantId, id, patch), options);

export const useDeleteApplication = () =>
  useTenantMutation('applications', ({ api, tenantId }, id: string) => applicationsApi(api).deleteApplication(tenantId, id));

export const usePutSignInExperience = (id: string, options?: WriteOptions) =>
  useTenantMutation('applications', ({ api, tenantId }, body: ApplicationSignInExperience) => applicationsApi(api).putSignInExperience(tenantId, id, body), options);

export const useCreateSecret = (id: string, options?: WriteOptions) =>
  useTenantMutation('applications', ({ api, tenantId }, body: CreateApplicationSecret) => applicationsApi(api).createSecret(tenantId, id, body), options);

export const useRenameSecret = (id: string, options?: WriteOptions) =>
  useTenantMutation(
    'applications',
    ({ api, tenantId }, { name, newName }: { name: string; newName: string }) => applicationsApi(api).renameSecret(tenantId, id, name, newName),
    options,
  );

export const useDeleteSecret = (id: string) =>
  useTenantMutation('applications', ({ api, tenantId }, name: string) => applicationsApi(api).deleteSecret(tenantId, id, name));

export const useAssignRoles = (id: string) =>
  useTenantMutation('applications', ({ api, tenantId }, roleIds: string[]) => applicationRolesApi(api).assignRoles(tenantId, id, roleIds));

export const useRemoveRole = (id: string) =>
  useTenantMutation('applications', ({ api, tenantId }, roleId: string) => applicationRolesApi(api).removeRole(tenantId, id, roleId));

export const useAddUserConsentScopes = (id: string) =>
  useTenantMutation('applications', ({ api, tenantId }, body: AddUserConsentScopes) => applicationsApi(api).addUserConsentScopes(tenantId, id, body));

export const useRemoveUserConsentScope = (id: string) =>
  useTenantMutation('applications', ({ api, tenantId }, { scopeType, scopeId }: { scopeType: UserConsentScopeType; scopeId: string }) =>
    applicationsApi(api).removeUserConsentScope(tenantId, id, scopeType, scopeId),
  );
