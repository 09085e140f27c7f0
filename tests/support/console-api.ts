import { expect } from 'vitest';
import { createApiClient, type AccountApis, type ApiClient } from '#src/api/client.ts';
import { billingApi } from '#src/api/billing.ts';
import { profileApi } from '#src/api/me.ts';
import { ApiError } from '#src/api/errors.ts';
import type { ConsoleSession } from './oidc-client.ts';

/** A client with the APIs the console makes on first use (profile, billing) made, as tests call them directly. */
export const withAccountApis = <T extends ApiClient>(client: T): T & AccountApis => Object.assign(client, { profile: profileApi(client), billing: billingApi(client) });

/** The console's real request client (cloud), its tokens from a signed-in session; toasts and sign-outs go to `toasts`. */
export const consoleApiClient = (serverUrl: string, session: ConsoleSession, toasts: string[]) =>
  withAccountApis(createApiClient({
    config: { edition: 'cloud', endpoint: serverUrl, appId: 'admin-console', version: '1.24.0', releaseInfoUrl: '', isDevMode: false },
    tokens: async () => ({
      getAccessToken: (resource) => session.accessToken(resource),
      getOrganizationToken: (organizationId) => session.organizationToken(organizationId),
    }),
    feedback: { toastError: (message) => toasts.push(message), alert: async () => {} },
    session: { authError: () => toasts.push('authError'), signOut: () => toasts.push('signOut') },
    language: () => 'en',
    retry: { delay: () => 0 },
  }));

/** The ApiError a request must fail with. */
export const apiFailure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the request should fail'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );
