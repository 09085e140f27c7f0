import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApplicationSignInExperience } from '../../schemas/application-branding.ts';
import type { CreateApplication, CreateApplicationSecret, PatchApplication } from '../../schemas/application.ts';
import type { ListQuery } from '../../schemas/paging.ts';
import type { AddUserConsentScopes, UserConsentScopeType } from '../../schemas/user-consent.ts';
import type { ApiClient } from '../api/client.ts';
import type { ApplicationListQuery } from '../api/management/applications.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation } from './mutation.ts';

/** A tenant's applications, their secrets, roles and third-party permissions; all keyed under the applications, so any write refetches them. */
export const applicationQueries = {
  list: (api: ApiClient, tenantId: string, query: ApplicationListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'applications', query),
      queryFn: () => api.applications.listApplications(tenantId, query),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'applications', { id }), queryFn: () => api.applications.getApplication(tenantId, id) }),
  signInExperience: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({
      queryKey: tenantKeys.detail(tenantId, 'applications', { id, of: 'sign-in-experience' }),
      queryFn: () => api.applications.getSignInExperience(tenantId, id),
    }),
  secrets: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'applications', { id, of: 'secrets' }), queryFn: () => api.applications.listSecrets(tenantId, id) }),
  roles: (api: ApiClient, tenantId: string, id: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'applications', { id, of: 'roles', ...query }),
      queryFn: () => api.applicationRoles.listApplicationRoles(tenantId, id, query),
      placeholderData: keepPreviousData,
    }),
  userConsentScopes: (api: ApiClient, tenantId: string, id: string) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'applications', { id, of: 'user-consent-scopes' }),
      queryFn: () => api.applications.getUserConsentScopes(tenantId, id),
    }),
  assignableRoles: (api: ApiClient, tenantId: string, id: string, query: ListQuery) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'applications', { id, of: 'assignable-roles', ...query }),
      queryFn: () => api.applicationRoles.listAssignableRoles(tenantId, id, query),
      placeholderData: keepPreviousData,
    }),
};

export const useCreateApplication = (tenantId: string) =>
  useTenantMutation(tenantId, 'applications', (api, body: CreateApplication) => api.applications.createApplication(tenantId, body));

export const useUpdateApplication = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'applications', (api, patch: PatchApplication) => api.applications.updateApplication(tenantId, id, patch));

export const useDeleteApplication = (tenantId: string) =>
  useTenantMutation(tenantId, 'applications', (api, id: string) => api.applications.deleteApplication(tenantId, id));

export const usePutSignInExperience = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'applications', (api, body: ApplicationSignInExperience) => api.applications.putSignInExperience(tenantId, id, body));

export const useCreateSecret = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'applications', (api, body: CreateApplicationSecret) => api.applications.createSecret(tenantId, id, body));

export const useRenameSecret = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'applications', (api, { name, newName }: { name: string; newName: string }) =>
    api.applications.renameSecret(tenantId, id, name, newName),
  );

export const useDeleteSecret = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'applications', (api, name: string) => api.applications.deleteSecret(tenantId, id, name));

export const useAssignRoles = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'applications', (api, roleIds: string[]) => api.applicationRoles.assignRoles(tenantId, id, roleIds));

export const useRemoveRole = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'applications', (api, roleId: string) => api.applicationRoles.removeRole(tenantId, id, roleId));

export const useAddUserConsentScopes = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'applications', (api, body: AddUserConsentScopes) => api.applications.addUserConsentScopes(tenantId, id, body));

export const useRemoveUserConsentScope = (tenantId: string, id: string) =>
  useTenantMutation(tenantId, 'applications', (api, { scopeType, scopeId }: { scopeType: UserConsentScopeType; scopeId: string }) =>
    api.applications.removeUserConsentScope(tenantId, id, scopeType, scopeId),
  );
