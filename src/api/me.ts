import * as z from 'zod/mini';
import {
  socialAuthorizationUriResponseGuard,
  socialConnectorGuard,
  userAssetGuard,
  userAssetsServiceStatusGuard,
  type LinkSocialIdentity,
  type SocialAuthorizationUriRequest,
  type SocialConnector,
  type UpdateMe,
  type UserAsset,
  type UserAssetsServiceStatus,
  type VerificationAction,
} from '#schemas/profile.ts';
import { meGuard, type Me } from '#schemas/user.ts';
import type { ApiClient, Requester, RequestOptions } from './client.ts';
import { createMeBasics } from './me-basics.ts';
import type { ErrorHandling } from './errors.ts';

type MeRequesters = { me: Requester; cloud: Requester };

/**
 * The signed-in user's own account: the Me API (Me-API token, under `/me`) and, for deleting the account, the cloud
 * API. Every function takes the request client's error handling (suppressErrorCodes, hideErrorToast) last.
 */
export const createMeApi = ({ me, cloud }: MeRequesters) => {
  const { get: getMe, patchCustomData } = createMeBasics(me);

  return {
    getMe,
    patchCustomData,
    /** PATCH me with exactly one of name, username or avatar; a taken username is a 422 `user.username_already_in_use`. */
    updateMe: async (patch: UpdateMe, options?: ErrorHandling): Promise<Me> =>
      meGuard.parse(await me.request('PATCH', '/me', { ...options, body: patch })),

    /** GET me/user-assets/service-status: 'ready', with the server's size limit and types. */
    getUserAssetsServiceStatus: async (options?: ErrorHandling): Promise<UserAssetsServiceStatus> =>
      userAssetsServiceStatusGuard.parse(await me.request('GET', '/me/user-assets/service-status', options)),
    /**
     * POST me/user-assets with form-data field `file`; answers the URL it is served at. Errors: 400
     * `guard.invalid_file_count`, 400 `guard.mime_type_not_allowed`, 413 `guard.file_size_exceeded`. An aborted request
     * rejects without an error toast.
     */
    uploadUserAsset: async (file: Blob, options: Pick<RequestOptions, 'signal'> & ErrorHandling = {}): Promise<UserAsset> => {
      const body = new FormData();
      body.append('file', file);
      return userAssetGuard.parse(await me.request('POST', '/me/user-assets', { ...options, body }));
    },

    /** Whether the user has a password (GET me). */
    hasPassword: async (): Promise<boolean> => (await getMe()).hasPassword,
    /**
     * POST me/password/verify: a correct password lets the user set a new one within 10 minutes. 422
     * `user.invalid_password`; 429 `user.too_many_attempts` after 5 wrong ones in 15 minutes.
     */
    verifyPassword: async (password: string, options?: ErrorHandling): Promise<void> => {
      await me.request('POST', '/me/password/verify', { ...options, body: { password } });
    },
    /**
     * POST me/password: needs a verification within the last 10 minutes (verifyPassword, or verifyEmailCode of the
     * primary e-mail with action changePassword) when the user has a password, else 403 `user.verification_required`.
     * 422 `password.rejected` with details `{ codes }` (spec 02 §5).
     */
    setPassword: async (password: string, options?: ErrorHandling): Promise<void> => {
      await me.request('POST', '/me/password', { ...options, body: { password } });
    },

    /** POST me/verification-codes: mails a 6-digit code, valid 10 minutes. 422 `user.email_already_in_use`; 429 when sent too often. */
    sendEmailVerificationCode: async (email: string, options?: ErrorHandling): Promise<void> => {
      await me.request('POST', '/me/verification-codes', { ...options, body: { email } });
    },
    /**
     * POST me/verification-codes/verify. changeEmail (default) lets setPrimaryEmail set that e-mail; changePassword (the
     * primary e-mail only) lets setPassword run. 400 `verification_code.code_mismatch`, `verification_code.expired`,
     * `verification_code.not_found`; 429 `verification_code.exceed_max_try` after 5 wrong codes.
     */
    verifyEmailCode: async (
      email: string,
      verificationCode: string,
      action: VerificationAction = 'changeEmail',
      options?: ErrorHandling,
    ): Promise<void> => {
      await me.request('POST', '/me/verification-codes/verify', { ...options, body: { email, verificationCode, action } });
    },
    /** PATCH me/primary-email after verifyEmailCode; 403 `user.verification_required`, 422 `user.email_already_in_use`. */
    setPrimaryEmail: async (email: string, options?: ErrorHandling): Promise<Me> =>
      meGuard.parse(await me.request('PATCH', '/me/primary-email', { ...options, body: { email } })),

    /** GET me/social/connectors: the demo social provider and any configured ones. */
    listSocialConnectors: async (options?: ErrorHandling): Promise<SocialConnector[]> =>
      z.array(socialConnectorGuard).parse(await me.request('GET', '/me/social/connectors', options)),
    /** POST me/social/authorization-uri: where the popup goes; the provider returns to redirectUri with code and state. */
    createSocialAuthorizationUri: async (body: SocialAuthorizationUriRequest, options?: ErrorHandling): Promise<{ redirectTo: string }> =>
      socialAuthorizationUriResponseGuard.parse(await me.request('POST', '/me/social/authorization-uri', { ...options, body })),
    /** POST me/social/link-identity; 422 `user.identity_already_in_use` when another account has it. Answers the user. */
    linkSocialIdentity: async (body: LinkSocialIdentity, options?: ErrorHandling): Promise<Me> =>
      meGuard.parse(await me.request('POST', '/me/social/link-identity', { ...options, body })),
    /** DELETE me/social/identity/{connectorId}; 404 `user.identity_not_exist`. Answers the user. */
    unlinkSocialIdentity: async (connectorId: string, options?: ErrorHandling): Promise<Me> =>
      meGuard.parse(await me.request('DELETE', `/me/social/identity/${encodeURIComponent(connectorId)}`, options)),

    /**
     * DELETE /api/me (cloud API token): deletes the tenants the user administers, leaves the others, then the account.
     * 422 `user.deletion_blocked` with details `{ tenants: [{ tenantId, tenantName, blockers }] }` deletes nothing. The
     * ApiError carries the response's request id.
     */
    deleteAccount: async (options?: ErrorHandling): Promise<void> => {
      await cloud.request('DELETE', '/api/me', options);
    },
  };
};
export type MeApi = ReturnType<typeof createMeApi>;

/** The profile page's calls, made on first use (see AccountApis in ./client.ts). */
export const profileApi = (api: ApiClient): MeApi => (api.profile ??= createMeApi(api.requesters));
