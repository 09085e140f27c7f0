import * as z from 'zod/mini';
import {
  applicationGuard,
  applicationSecretGuard,
  createdApplicationSecretGuard,
  type Application,
  type ApplicationSecret,
  type CreateApplication,
  type CreateApplicationSecret,
  type CreatedApplicationSecret,
  type OfferedApplicationType,
  type PatchApplication,
} from '#schemas/application.ts';
import { applicationSignInExperienceGuard, type ApplicationSignInExperience } from '#schemas/application-branding.ts';
import type { ListQuery } from '#schemas/paging.ts';
import { ApiError } from '../errors.ts';
import { userConsentScopesGuard, type AddUserConsentScopes, type UserConsentScopes, type UserConsentScopeType } from '#schemas/user-consent.ts';
import type { ListRequester, Page } from '../client.ts';

export const applicationPath = (id: string) => `/api/applications/${encodeURIComponent(id)}`;
const secretPath = (id: string, name: string) => `${applicationPath(id)}/secrets/${encodeURIComponent(name)}`;
const signInExperiencePath = (id: string) => `${applicationPath(id)}/sign-in-experience`;
const consentScopesPath = (id: string) => `${applicationPath(id)}/user-consent-scopes`;

/** POST /applications answers the new app with the values of its first secrets (Traditional, MachineToMachine), once. */
const createdApplicationGuard = z.extend(applicationGuard, { secrets: z.optional(z.array(createdApplicationSecretGuard)) });
export type CreatedApplication = z.infer<typeof createdApplicationGuard>;

/** A page of the list: one tab (first-party or third-party), an optional type and the search text. */
/** The list's filters: first- or third-party, one type, and (for a role's picker) the apps without that role. */
export type ApplicationListQuery = ListQuery & { isThirdParty?: boolean; type?: OfferedApplicationType; excludeRoleId?: string };

/** A tenant's applications, their secrets and third-party permissions, on its management API (spec 02 §2, applications.md §9). */
export const createApplicationsApi = (tenant: (tenantId: string) => ListRequester) => ({
  /** GET /applications: newest first; `q` searches name, id and description. Secrets are never part of it. */
  listApplications: async (tenantId: string, { page, pageSize, q, isThirdParty, type, excludeRoleId }: ApplicationListQuery): Promise<Page<Application>> => {
    const query = {
      ...(isThirdParty === undefined ? {} : { isThirdParty: String(isThirdParty) }),
      ...(q ? { q } : {}),
      ...(type ? { types: type } : {}),
      ...(excludeRoleId ? { excludeRoleId } : {}),
    };
    const result = await tenant(tenantId).getPage('/api/applications', { page, pageSize, query });
    return { items: z.array(applicationGuard).parse(result.items), total: result.total };
  },
  getApplication: async (tenantId: string, id: string): Promise<Application> =>
    applicationGuard.parse(await tenant(tenantId).request('GET', applicationPath(id))),
  /** POST /applications: 403 beyond the plan's quota (applications, machine-to-machine or third-party apps). */
  createApplication: async (tenantId: string, body: CreateApplication): Promise<CreatedApplication> =>
    createdApplicationGuard.parse(await tenant(tenantId).request('POST', '/api/applications', { body })),
  updateApplication: async (tenantId: string, id: string, body: PatchApplication): Promise<Application> =>
    applicationGuard.parse(await tenant(tenantId).request('PATCH', applicationPath(id), { body })),
  deleteApplication: async (tenantId: string, id: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', applicationPath(id));
  },
  listSecrets: async (tenantId: string, id: string): Promise<ApplicationSecret[]> =>
    z.array(applicationSecretGuard).parse(await tenant(tenantId).request('GET', `${applicationPath(id)}/secrets`)),
  /** POST …/secrets: the only answer that holds the secret's value. */
  createSecret: async (tenantId: string, id: string, body: CreateApplicationSecret): Promise<CreatedApplicationSecret> =>
    createdApplicationSecretGuard.parse(await tenant(tenantId).request('POST', `${applicationPath(id)}/secrets`, { body })),
  renameSecret: async (tenantId: string, id: string, name: string, newName: string): Promise<ApplicationSecret> =>
    applicationSecretGuard.parse(await tenant(tenantId).request('PATCH', secretPath(id, name), { body: { name: newName } })),
  deleteSecret: async (tenantId: string, id: string, name: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', secretPath(id, name));
  },
  /** GET …/sign-in-experience: null until the app has one of its own. */
  getSignInExperience: async (tenantId: string, id: string): Promise<ApplicationSignInExperience | null> => {
    try {
      return applicationSignInExperienceGuard.parse(await tenant(tenantId).request('GET', signInExperiencePath(id)));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'application.sign_in_experience_not_found') return null;
      throw error;
    }
  },
  /** PUT …/sign-in-experience: sets it whole. */
  putSignInExperience: async (tenantId: string, id: string, body: ApplicationSignInExperience): Promise<ApplicationSignInExperience> =>
    applicationSignInExperienceGuard.parse(await tenant(tenantId).request('PUT', signInExperiencePath(id), { body })),
  /** GET …/user-consent-scopes: what a third-party app may ask its users for (applications.md §7). */
  getUserConsentScopes: async (tenantId: string, id: string): Promise<UserConsentScopes> =>
    userConsentScopesGuard.parse(await tenant(tenantId).request('GET', consentScopesPath(id))),
  addUserConsentScopes: async (tenantId: string, id: string, body: AddUserConsentScopes): Promise<void> => {
    await tenant(tenantId).request('POST', consentScopesPath(id), { body });
  },
  removeUserConsentScope: async (tenantId: string, id: string, scopeType: UserConsentScopeType, scopeId: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', `${consentScopesPath(id)}/${scopeType}/${encodeURIComponent(scopeId)}`);
  },
});
export type ApplicationsApi = ReturnType<typeof createApplicationsApi>;
