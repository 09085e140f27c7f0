import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Translation } from '#schemas/custom-phrases.ts';
import type { PasswordPolicy, PasswordUserInfo } from '#schemas/password-policy.ts';
import type { SignInExperiencePatch } from '#schemas/sign-in-experience.ts';
import type { ApiClient } from '../api/client.ts';
import { createSignInExperienceApi, type PreviewRequest, type VersionedSignInExperience } from '../api/management/sign-in-experience.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation, type WriteOptions } from './mutation.ts';
import { useTenantScope } from './tenant-scope.ts';

// Made on first use, here rather than in the API client (see ManagementApis).
export const signInExperienceApi = (api: ApiClient) => (api.signInExperience ??= createSignInExperienceApi(api.tenant));

/** The tenant's sign-in experience with its version, and the preview of a draft. */
export const signInExperienceQueries = {
  detail: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'sign-in-experience'), queryFn: () => signInExperienceApi(api).getSignInExperience(tenantId) }),
  preview: (api: ApiClient, tenantId: string, request: PreviewRequest) =>
    queryOptions({
      queryKey: tenantKeys.detail(tenantId, 'sign-in-experience', { of: 'preview', ...request }),
      queryFn: ({ signal }) => signInExperienceApi(api).preview(tenantId, request, signal),
      placeholderData: keepPreviousData,
      staleTime: Infinity,
    }),
  customPhrases: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'sign-in-experience', { of: 'custom-phrases' }), queryFn: () => signInExperienceApi(api).listCustomPhrases(tenantId) }),
  /** The built-in text does not change while the console runs. */
  builtInPhrases: (api: ApiClient, tenantId: string, languageTag: string) =>
    queryOptions({
      queryKey: tenantKeys.detail(tenantId, 'sign-in-experience', { of: 'built-in-phrases', languageTag }),
      queryFn: () => signInExperienceApi(api).builtInPhrases(tenantId, languageTag),
      staleTime: Infinity,
    }),
};

/**
 * PATCH of the changed blocks under the version they were edited from. The answer (and its new version) becomes the
 * cached record at once, so the page's form and the next save start from it.
 */
export function usePatchSignInExperience(options?: WriteOptions) {
  const queryClient = useQueryClient();
  return useTenantMutation(
    'sign-in-experience',
    async ({ api, tenantId }, { patch, etag }: { patch: SignInExperiencePatch; etag: string }) => {
      const saved = await signInExperienceApi(api).patchSignInExperience(tenantId, patch, etag);
      queryClient.setQueryData<VersionedSignInExperience>(tenantKeys.detail(tenantId, 'sign-in-experience'), saved);
      return saved;
    },
    options,
  );
}

/** The server's check of a password against a draft policy, with the breached-password lookup. */
export function useCheckPassword() {
  const { api, tenantId } = useTenantScope();
  return (password: string, policy: PasswordPolicy, userInfo: PasswordUserInfo) => signInExperienceApi(api).checkPassword(tenantId, password, policy, userInfo);
}

/** PUT of one language's custom phrases, whole, or DELETE of them (`translation` undefined). */
export function useWriteCustomPhrases(options?: WriteOptions) {
  return useTenantMutation(
    'sign-in-experience',
    async ({ api, tenantId }, { language, translation }: { language: string; translation?: Translation }) => {
      if (translation) await signInExperienceApi(api).putCustomPhrase(tenantId, language, translation);
      else await signInExperienceApi(api).deleteCustomPhrase(tenantId, language);
    },
    options,
  );
}
