import { HttpError } from '../http.ts';
import * as z from 'zod/mini';
import { passwordRejectionCodes, type PasswordPolicy, type PasswordUserInfo } from '#schemas/password-policy.ts';
import {
  signInExperienceGuard,
  type SignInExperiencePatch,
  type SignInExperienceSettings,
} from '#schemas/sign-in-experience.ts';
import type { CustomPhrase, Translation } from '#schemas/custom-phrases.ts';
import type { Requester } from '../client.ts';
import { ApiError } from '../errors.ts';

const path = '/api/sign-in-exp';
const phrasesPath = '/api/custom-phrases';
// The server checks a translation's structure; the console reads one as it is, without the checker's code on the page.
const phraseAnswerGuard = z.object({ languageTag: z.string(), translation: z.record(z.string(), z.unknown()) }) as unknown as z.ZodMiniType<CustomPhrase>;

/** The tenant's sign-in experience and the version it was read at, as `ETag` names it (`"3"`). */
export type VersionedSignInExperience = { settings: SignInExperienceSettings; etag: string };

export type PreviewScreen = 'sign_in' | 'register';
export type PreviewRequest = { settings: SignInExperienceSettings; screen: PreviewScreen; language: string; applicationId?: string };

const issuesGuard = z.object({
  result: z.boolean(),
  issues: z.optional(z.array(z.object({ code: z.enum(passwordRejectionCodes), interpolation: z.optional(z.record(z.string(), z.unknown())) }))),
});
export type PasswordCheck = { codes: (typeof passwordRejectionCodes)[number][] };

const versioned = ({ data, headers }: { data: unknown; headers: Headers }): VersionedSignInExperience => ({
  settings: signInExperienceGuard.parse(data),
  etag: headers.get('ETag') ?? '',
});

/** The tenant's sign-in experience on its management API (sign-in-experience.md §8). */
export const createSignInExperienceApi = (tenant: (tenantId: string) => Requester) => ({
  getSignInExperience: async (tenantId: string): Promise<VersionedSignInExperience> =>
    versioned(await tenant(tenantId).requestWithHeaders('GET', path)),
  /**
   * PATCH with `If-Match` of the version the edits started from: each top-level key given replaces the stored one. A
   * version someone else saved since is 409 `sign_in_experiences.version_conflict`; the rules of §4 are 400 or 422
   * `sign_in_experiences.*`.
   */
  patchSignInExperience: async (tenantId: string, patch: SignInExperiencePatch, etag: string): Promise<VersionedSignInExperience> =>
    versioned(await tenant(tenantId).requestWithHeaders('PATCH', path, { body: patch, headers: etag ? { 'If-Match': etag } : {} })),
  /** POST …/default/check-password: the rejection codes of the password under `policy` (the breached lookup too). */
  checkPassword: async (tenantId: string, password: string, policy: PasswordPolicy, userInfo: PasswordUserInfo): Promise<PasswordCheck> => {
    try {
      const answer = issuesGuard.parse(await tenant(tenantId).request('POST', `${path}/default/check-password`, { body: { password, policy, userInfo } }));
      return { codes: answer.issues?.map(({ code }) => code) ?? [] };
    } catch (error) {
      // A rejected password is a 400 whose body lists the issues (not an error body: the ApiError keeps it in its cause).
      const data = error instanceof ApiError && error.status === 400 && error.cause instanceof HttpError ? error.cause.data : undefined;
      const parsed = data === undefined ? undefined : issuesGuard.safeParse(data);
      if (parsed?.success) return { codes: parsed.data.issues?.map(({ code }) => code) ?? [] };
      throw error;
    }
  },
  /** The tenant's custom phrases, one entry per language (GET /api/custom-phrases). */
  listCustomPhrases: async (tenantId: string): Promise<CustomPhrase[]> => z.array(phraseAnswerGuard).parse(await tenant(tenantId).request('GET', phrasesPath)),
  /** PUT …/{languageTag}: the language's phrases, whole; 422 `localization.invalid_translation_structure`. */
  putCustomPhrase: async (tenantId: string, languageTag: string, translation: Translation): Promise<CustomPhrase> =>
    phraseAnswerGuard.parse(await tenant(tenantId).request('PUT', `${phrasesPath}/${encodeURIComponent(languageTag)}`, { body: translation })),
  /** DELETE …/{languageTag}; the fallback language's is 409 `localization.cannot_delete_default_language`. */
  deleteCustomPhrase: async (tenantId: string, languageTag: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', `${phrasesPath}/${encodeURIComponent(languageTag)}`);
  },
  /** The pages' built-in text a language's phrases go over, and the built-in language it is from. */
  builtInPhrases: async (tenantId: string, languageTag: string): Promise<CustomPhrase> =>
    phraseAnswerGuard.parse(await tenant(tenantId).request('GET', `${path}/phrases/${encodeURIComponent(languageTag)}`)),
  /** POST …/preview: the tenant's real sign-in page rendered from the unsaved draft. */
  preview: async (tenantId: string, body: PreviewRequest, signal?: AbortSignal): Promise<string> =>
    z.object({ html: z.string() }).parse(await tenant(tenantId).request('POST', `${path}/preview`, { body, signal })).html,
});
export type SignInExperienceApi = ReturnType<typeof createSignInExperienceApi>;
